"""Arriving: a logged-in player brings a backup back, from the account page.

The file goes through exactly what `manage.py import_matches` does with it (`backup.loads`,
then `backup.import_matches`, which checks everything before writing anything), so the browser
refuses what the command line refuses, with the same words for what is wrong; the page puts
them after a sentence in the player's language. The matches go to the account that imports.

A plain multipart form: no script needed. The upload is capped before it is stored: a file past
`BACKUP_UPLOAD_MAX_BYTES` is skipped as it streams in (never kept in memory or on disk), and
each account may try `BACKUP_UPLOAD_RATE_LIMIT` imports in a window, since every deal of a file
is judged by the engine again.
"""

from __future__ import annotations

from functools import cached_property

from crispy_forms.helper import FormHelper
from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.files.uploadhandler import FileUploadHandler, SkipFile
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_http_methods
from django_ratelimit.decorators import ratelimit

from .backup.errors import BackupError
from .backup.format import loads
from .backup.writing import ImportReport, import_matches
from .layouts import Button, panel_helper
from .limits.rates import by_account
from .limits.rates import setting as rate_setting
from .refusals import bad_request, form_carries_nul, reads_its_own_body


class CappedUpload(FileUploadHandler):
    """Skip any uploaded file longer than `BACKUP_UPLOAD_MAX_BYTES` as it streams in; the
    handlers after it never see its bytes. Says afterwards whether it skipped one."""

    skipped = False

    def receive_data_chunk(self, raw_data: bytes, start: int) -> bytes:
        if start + len(raw_data) > settings.BACKUP_UPLOAD_MAX_BYTES:
            self.skipped = True
            raise SkipFile
        return raw_data

    def file_complete(self, file_size: int) -> None:
        return None  # the next handler makes the file


class BackupUploadForm(forms.Form):
    """The backup file to import."""

    backup = forms.FileField(
        label=gettext_lazy("Backup file"),
        help_text=gettext_lazy("The file that “Download a backup” gave you."),
        error_messages={
            "required": gettext_lazy("Choose a backup file."),
            "invalid": gettext_lazy("Choose a backup file."),
            "missing": gettext_lazy("Choose a backup file."),
            "empty": gettext_lazy("That file is empty: it is not a backup."),
            # Neither can happen with this field's widget, but each has its words.
            "max_length": gettext_lazy("Choose a backup file."),
            "contradiction": gettext_lazy("Choose a backup file."),
        },
        widget=forms.FileInput(attrs={"accept": ".json,application/json"}),
    )

    @cached_property
    def helper(self) -> FormHelper:
        """Return the form's layout: a multipart POST to the import."""
        helper = panel_helper("backup", Button(gettext_lazy("Import the backup")))
        helper.form_action = reverse("account_import")
        helper.attrs = {**helper.attrs, "enctype": "multipart/form-data"}
        return helper


def too_large_text() -> str:
    """Return the message for a file past the size limit."""
    megabytes = settings.BACKUP_UPLOAD_MAX_BYTES / 1_000_000
    return _(
        "Nothing was imported: the file is larger than a backup of this site can be "
        "(%(size)s MB at most)."
    ) % {"size": f"{megabytes:.1f}".rstrip("0").rstrip(".")}


def refused_text(error: BackupError) -> str:
    """Return "Nothing was imported." with what `manage.py import_matches` says is wrong."""
    return _("Nothing was imported. What is wrong with the file: %(reason)s") % {
        "reason": str(error)
    }


def report_lines(report: ImportReport) -> list[str]:
    """Return what the import did, in the player's language (`ImportReport` for the page)."""
    count = len(report.imported)
    lines = [
        ngettext("%(count)s match imported.", "%(count)s matches imported.", count)
        % {"count": count}
    ]
    if report.already_here:
        here = len(report.already_here)
        lines.append(
            ngettext(
                "%(count)s match was already here: it was not imported again.",
                "%(count)s matches were already here: they were not imported again.",
                here,
            )
            % {"count": here}
        )
    for name in report.kept_here:
        lines.append(
            _("Already here but different in the file, kept as it is here: %(name)s")
            % {"name": name}
        )
    return lines


def import_page(request: HttpRequest, form: BackupUploadForm) -> HttpResponse:
    """Return the import page: the form, with what went wrong (a 200, as every plain form
    of the site answers with its errors: scorekeeper.htmx)."""
    return render(request, "registration/account_import.html", {"import_form": form})


@csrf_exempt  # only so that the upload handler goes in first: account_import checks CSRF
@reads_its_own_body  # the same: its form's NULs are refused below, once the handler is in
def account_import(request: HttpRequest) -> HttpResponse:
    """Import a backup file into the logged-in account (GET: the form on its own page)."""
    capped = CappedUpload(request)
    request.upload_handlers.insert(0, capped)
    request.capped_upload = capped
    return _account_import(request)


@csrf_protect
@require_http_methods(["GET", "POST"])
@login_required
@never_cache
@ratelimit(
    group="backup-upload",
    key=by_account,
    rate=rate_setting("BACKUP_UPLOAD_RATE_LIMIT"),
    method="POST",
)
def _account_import(request: HttpRequest) -> HttpResponse:
    if request.method != "POST":
        return import_page(request, BackupUploadForm())
    if form_carries_nul(request):
        return bad_request(request)
    form = BackupUploadForm(request.POST, request.FILES)
    if request.capped_upload.skipped:
        form.add_error(None, too_large_text())
        return import_page(request, form)
    if not form.is_valid():
        return import_page(request, form)
    try:
        with form.cleaned_data["backup"].open("rb") as upload:
            report = import_matches(request.user, loads(upload.read()))
    except BackupError as error:
        form.add_error("backup", refused_text(error))
        return import_page(request, form)
    for line in report_lines(report):
        messages.success(request, line)
    return redirect("scorekeeper:history")
