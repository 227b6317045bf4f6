"""Polish short dates with dots, as Poles write them ("01.12.2026"), not Django's "01-12-2026".

Every other Polish format is Django's own (django/conf/locale/pl/formats.py).
"""

SHORT_DATE_FORMAT = "d.m.Y"  # 01.12.2026
SHORT_DATETIME_FORMAT = "d.m.Y H:i"  # 01.12.2026 14:30
