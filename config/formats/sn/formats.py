"""Shona formats: day first, as in Zimbabwe ("1 Zvita 2026", "01/12/2026"), and a 24-hour clock.

Django ships none for Shona, so without these it falls back to the American English defaults
("Dec. 1, 2026", "12/01/2026"). The month names come from our catalogue.
"""

DATE_FORMAT = "j F Y"  # 1 Zvita 2026
TIME_FORMAT = "H:i"  # 14:30
DATETIME_FORMAT = "j F Y H:i"  # 1 Zvita 2026 14:30
YEAR_MONTH_FORMAT = "F Y"  # Zvita 2026
MONTH_DAY_FORMAT = "j F"  # 1 Zvita
SHORT_DATE_FORMAT = "d/m/Y"  # 01/12/2026
SHORT_DATETIME_FORMAT = "d/m/Y H:i"  # 01/12/2026 14:30
FIRST_DAY_OF_WEEK = 0  # Svondo (Sunday), as Zimbabwean calendars start the week

DATE_INPUT_FORMATS = [
    "%d/%m/%Y",  # 01/12/2026
    "%d/%m/%y",  # 01/12/26
    "%Y-%m-%d",  # 2026-12-01
]
DATETIME_INPUT_FORMATS = [
    "%d/%m/%Y %H:%M:%S",  # 01/12/2026 14:30:59
    "%d/%m/%Y %H:%M:%S.%f",  # 01/12/2026 14:30:59.000200
    "%d/%m/%Y %H:%M",  # 01/12/2026 14:30
    "%Y-%m-%d %H:%M:%S",  # 2026-12-01 14:30:59
    "%Y-%m-%d %H:%M",  # 2026-12-01 14:30
]
DECIMAL_SEPARATOR = "."
THOUSAND_SEPARATOR = ","
NUMBER_GROUPING = 3
