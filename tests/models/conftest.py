from tests.qt_fixtures import campaign, campaign_model, campaign_path, refusals  # noqa: F401
