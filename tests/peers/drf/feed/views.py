from django.db import transaction
from rest_framework import generics, serializers, status
from rest_framework.pagination import CursorPagination
from rest_framework.response import Response
from rest_framework.views import APIView

from .models import Row


class RowSerializer(serializers.ModelSerializer):
    class Meta:
        model = Row
        fields = ["id", "created", "label"]


class Ascending(CursorPagination):
    ordering = "created"
    page_size = 20
    page_size_query_param = "page_size"


class NewestFirst(CursorPagination):
    ordering = "-created"
    page_size = 20
    page_size_query_param = "page_size"


class AscendingFeed(generics.ListAPIView):
    """GET /rows/ascending/: `{next, previous, results}`, oldest first."""

    queryset = Row.objects.all()
    serializer_class = RowSerializer
    pagination_class = Ascending


class NewestFirstFeed(generics.ListAPIView):
    """GET /rows/newest/: `{next, previous, results}`, newest first."""

    queryset = Row.objects.all()
    serializer_class = RowSerializer
    pagination_class = NewestFirst


class Rows(APIView):
    """POST /rows/ `[{created, label}, ...]`: inserts the rows in one transaction and answers
    them with their ids. DELETE /rows/ `[id, ...]`: deletes those rows. DELETE /rows/?all=1:
    empties the table."""

    def post(self, request):
        rows = RowSerializer(data=request.data, many=True)
        rows.is_valid(raise_exception=True)
        with transaction.atomic():
            rows.save()
        return Response(rows.data, status=status.HTTP_201_CREATED)

    def delete(self, request):
        if request.query_params.get("all") == "1":
            Row.objects.all().delete()
        else:
            Row.objects.filter(id__in=request.data).delete()
        return Response(status=status.HTTP_204_NO_CONTENT)


class RowEdit(generics.UpdateAPIView):
    """PATCH /rows/<id>/ `{label}`: edits one row in place (its place in both feeds kept), so
    that a row a walk handed out can change before the walk resumes."""

    queryset = Row.objects.all()
    serializer_class = RowSerializer
