"""Date and number formats where Django's own are wrong or missing (settings.FORMAT_MODULE_PATH).

Django looks here first and falls back to its own locale formats name by name, so a module
here holds only what it changes: Polish short dates, and everything for Shona, which Django
does not ship. The Shona month and weekday names are in our catalogue
(scorekeeper/django_messages.py).
"""
