from django.urls import path

from . import views

urlpatterns = [
    path("rows/", views.Rows.as_view()),
    path("rows/ascending/", views.AscendingFeed.as_view()),
    path("rows/newest/", views.NewestFirstFeed.as_view()),
    path("rows/<int:pk>/", views.RowEdit.as_view()),
]
