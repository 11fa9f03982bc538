from django.db import models


class Row(models.Model):
    """A feed row. `created` orders both feeds; the tests choose it, so that a row can be
    inserted anywhere: at the top, at the end, or between two rows a walk already saw."""

    created = models.DateTimeField(unique=True)
    label = models.CharField(max_length=40)

    class Meta:
        app_label = "feed"
