"""Routes of sending the result (namespace `offline:`), at the root."""

from django.urls import path

from . import results

app_name = "offline"

urlpatterns = [
    path("matches/<num:pk>/result.png", results.match_result_image, name="result_image"),
    path("s/<str:token>/result.png", results.link_result_image, name="link_result_image"),
]
