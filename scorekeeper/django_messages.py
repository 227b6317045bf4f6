"""Django's own messages that our pages show, copied into our catalogues.

Django ships Finnish, Dutch and Polish for these, but no Shona. Marking them here keeps them in
`locale/` (makemessages extracts them; nothing imports this module), so a Shona reader gets
"This field is required." in Shona too. The msgids (and contexts) must stay exactly Django's;
the Finnish, Dutch and Polish msgstrs are Django's own, so ours change nothing there.
tests/scorekeeper/test_django_messages.py finds any message our forms can show that is missing.
"""

from django.utils.translation import gettext_noop, ngettext_lazy, pgettext_lazy

FORM_MESSAGES = (
    gettext_noop("- Select an option -"),
    gettext_noop("This field is required."),
    gettext_noop("Enter a whole number."),
    gettext_noop("Null characters are not allowed."),
    gettext_noop("Enter a list of values."),
    gettext_noop("Select a valid choice. %(value)s is not one of the available choices."),
    gettext_noop("Select a valid choice. That choice is not one of the available choices."),
    gettext_noop("Ensure this value is less than or equal to %(limit_value)s."),
    gettext_noop("Ensure this value is greater than or equal to %(limit_value)s."),
    ngettext_lazy(
        "Ensure this value has at most %(limit_value)d character (it has %(show_value)d).",
        "Ensure this value has at most %(limit_value)d characters (it has %(show_value)d).",
    ),
)

# The sign-up, log-in and password-change forms (Django's auth forms and validators).
ACCOUNT_MESSAGES = (
    gettext_noop("username"),
    # The fields UserAttributeSimilarityValidator names when a password is too like one.
    gettext_noop("first name"),
    gettext_noop("last name"),
    gettext_noop("email address"),
    gettext_noop("Required. 150 characters or fewer. Letters, digits and @/./+/-/_ only."),
    gettext_noop("A user with that username already exists."),
    gettext_noop(
        "Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ "
        "characters."
    ),
    gettext_noop("Password"),
    gettext_noop("Password confirmation"),
    gettext_noop("Enter the same password as before, for verification."),
    gettext_noop("The two password fields didn’t match."),
    gettext_noop(
        "Please enter a correct %(username)s and password. Note that both fields may be "
        "case-sensitive."
    ),
    gettext_noop("This account is inactive."),
    gettext_noop("Old password"),
    gettext_noop("New password"),
    gettext_noop("New password confirmation"),
    gettext_noop("Your old password was entered incorrectly. Please enter it again."),
    gettext_noop("The password is too similar to the %(verbose_name)s."),
    gettext_noop("Your password can’t be too similar to your other personal information."),
    ngettext_lazy(
        "This password is too short. It must contain at least %d character.",
        "This password is too short. It must contain at least %d characters.",
    ),
    ngettext_lazy(
        "Your password must contain at least %(min_length)d character.",
        "Your password must contain at least %(min_length)d characters.",
    ),
    gettext_noop("This password is too common."),
    gettext_noop("Your password can’t be a commonly used password."),
    gettext_noop("This password is entirely numeric."),
    gettext_noop("Your password can’t be entirely numeric."),
)

# The names the `date` filter writes (django.utils.dates), for the day and month letters of
# every date format: l and D (weekdays), F, E ("alt. month"), N ("abbrev. month"), b and M.
WEEKDAYS = (
    gettext_noop("Monday"),
    gettext_noop("Tuesday"),
    gettext_noop("Wednesday"),
    gettext_noop("Thursday"),
    gettext_noop("Friday"),
    gettext_noop("Saturday"),
    gettext_noop("Sunday"),
)
WEEKDAYS_ABBR = (
    gettext_noop("Mon"),
    gettext_noop("Tue"),
    gettext_noop("Wed"),
    gettext_noop("Thu"),
    gettext_noop("Fri"),
    gettext_noop("Sat"),
    gettext_noop("Sun"),
)
MONTHS = (
    gettext_noop("January"),
    gettext_noop("February"),
    gettext_noop("March"),
    gettext_noop("April"),
    gettext_noop("May"),
    gettext_noop("June"),
    gettext_noop("July"),
    gettext_noop("August"),
    gettext_noop("September"),
    gettext_noop("October"),
    gettext_noop("November"),
    gettext_noop("December"),
)
MONTHS_3 = (
    gettext_noop("jan"),
    gettext_noop("feb"),
    gettext_noop("mar"),
    gettext_noop("apr"),
    gettext_noop("may"),
    gettext_noop("jun"),
    gettext_noop("jul"),
    gettext_noop("aug"),
    gettext_noop("sep"),
    gettext_noop("oct"),
    gettext_noop("nov"),
    gettext_noop("dec"),
)
MONTHS_AP = (
    pgettext_lazy("abbrev. month", "Jan."),
    pgettext_lazy("abbrev. month", "Feb."),
    pgettext_lazy("abbrev. month", "March"),
    pgettext_lazy("abbrev. month", "April"),
    pgettext_lazy("abbrev. month", "May"),
    pgettext_lazy("abbrev. month", "June"),
    pgettext_lazy("abbrev. month", "July"),
    pgettext_lazy("abbrev. month", "Aug."),
    pgettext_lazy("abbrev. month", "Sept."),
    pgettext_lazy("abbrev. month", "Oct."),
    pgettext_lazy("abbrev. month", "Nov."),
    pgettext_lazy("abbrev. month", "Dec."),
)
MONTHS_ALT = (
    pgettext_lazy("alt. month", "January"),
    pgettext_lazy("alt. month", "February"),
    pgettext_lazy("alt. month", "March"),
    pgettext_lazy("alt. month", "April"),
    pgettext_lazy("alt. month", "May"),
    pgettext_lazy("alt. month", "June"),
    pgettext_lazy("alt. month", "July"),
    pgettext_lazy("alt. month", "August"),
    pgettext_lazy("alt. month", "September"),
    pgettext_lazy("alt. month", "October"),
    pgettext_lazy("alt. month", "November"),
    pgettext_lazy("alt. month", "December"),
)
