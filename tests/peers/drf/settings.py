"""Settings of the tiny DRF server of the paginator's real-server tests (tests/peers/drf).

Serves only 127.0.0.1; the sqlite database lives in the run directory the start script gives
(DRF_DB), so every run starts empty.
"""
import os

SECRET_KEY = "pagecursor-tests-only"
DEBUG = False
ALLOWED_HOSTS = ["127.0.0.1"]
USE_TZ = True
TIME_ZONE = "UTC"
ROOT_URLCONF = "feed.urls"
INSTALLED_APPS = ["rest_framework", "feed"]
MIDDLEWARE = ["django.middleware.common.CommonMiddleware"]
DATABASES = {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": os.environ["DRF_DB"]}}
DEFAULT_AUTO_FIELD = "django.db.models.AutoField"
REST_FRAMEWORK = {
    # No users, no sessions: django.contrib.auth is not installed.
    "DEFAULT_AUTHENTICATION_CLASSES": [],
    "DEFAULT_PERMISSION_CLASSES": [],
    "UNAUTHENTICATED_USER": None,
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["rest_framework.parsers.JSONParser"],
}
LOGGING = {
    "version": 1,
    "handlers": {"stderr": {"class": "logging.StreamHandler"}},
    "loggers": {"django": {"handlers": ["stderr"], "level": "WARNING"}},
}
