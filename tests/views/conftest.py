from tests.qt_fixtures import campaign, campaign_model, campaign_path, empty_campaign_model, refusals  # noqa: F401
