from tests.qt_fixtures import campaign, campaign_model, campaign_path  # noqa: F401
