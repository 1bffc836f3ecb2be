"""The message catalogues (gettext ``.pot`` and ``.po`` files), read by :mod:`atout.i18n`."""
