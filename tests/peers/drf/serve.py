"""Starts the DRF feed on 127.0.0.1:$PORT with an empty sqlite database at $DRF_DB (tables made
from the model, no migration files). Run by tests/peers/start-drf.sh with the pinned venv."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "settings")

import django  # noqa: E402
from django.core.management import call_command  # noqa: E402

django.setup()
call_command("migrate", run_syncdb=True, verbosity=0)
# Threaded (one thread per request), without the autoreloader: the pid the start script holds
# is the server itself.
call_command("runserver", f"127.0.0.1:{os.environ['PORT']}", use_reloader=False, verbosity=0)
