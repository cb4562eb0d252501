"""Language and theme of the UI, both remembered in QSettings.

- ``ui/language``: ``"ja"`` (the source language, default) or ``"en"``: loads
  ``resources/i18n/gmtool_en.qm`` (built by ``make i18n``) and Qt's own English catalog.
  The environment variable ``GMTOOL_LANGUAGE`` overrides the setting (screenshots, tests).
- ``ui/theme``: ``"light"`` (default) or ``"dark"``: the Fusion style with a light or dark palette.

The language takes effect when the window is built, i.e. at the next start; the theme at once.
Reading both settings and applying the theme live in ``gmtool.views.appearance`` (the settings
dialog uses them, and views never import ``gmtool.app``); they are re-exported here.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QSettings, QTranslator

from gmtool.models import shown_text
from gmtool.models.shown_text import english_ui
from gmtool.resources import resource_path
from gmtool.views import message_catalog
from gmtool.views.appearance import DEFAULT_LANGUAGE, language


def catalog_path(lang: str = "en") -> str:
    return str(resource_path("i18n", f"gmtool_{lang}.qm"))


class FallbackTranslator(QTranslator):
    """gmtool's catalog; a string not found under its class's context is looked up context-free.

    The Japanese → English dictionary does not depend on where a string is used, and some
    strings are translated through a helper whose runtime context lupdate cannot see
    (``tr()`` module functions end up in the empty context).
    """

    def translate(
        self, context: str, source: str, disambiguation: str | None = None, n: int = -1
    ) -> str | None:
        found = super().translate(context, source, disambiguation, n)
        if not found and context:
            found = super().translate("", source, disambiguation, n)
        # None is Qt's null QString, "not translated here": Qt then asks the next translator and
        # finally shows the source. An empty str would be taken as the translation (a blank label).
        return found or None


class QtSupplement(QTranslator):
    """Japanese for the few strings of Qt's own file dialog that qtbase_ja lacks (Qt 6 renamed them
    with a shortcut, so 「Look in:」 and 「Files of type:」 stayed English in a Japanese dialog)."""

    TEXTS = {
        ("QFileDialog", "&Look in:"): "場所(&L):",
        ("QFileDialog", "Files of &type:"): "ファイルの種類(&T):",
    }

    def translate(
        self, context: str, source: str, disambiguation: str | None = None, n: int = -1
    ) -> str | None:
        return self.TEXTS.get((context, source))  # None: not ours, Qt asks the other catalogs


def install_translation(app: QCoreApplication, settings: QSettings) -> str:
    """Install the catalogs for the chosen language; return the language actually used."""
    shown_text.install(message_catalog.translate_message)  # the models' undo texts name messages too
    lang = language(settings)
    folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    if lang == "en":
        translator = FallbackTranslator(app)
        if not translator.load(catalog_path("en")):
            return DEFAULT_LANGUAGE  # no catalog shipped: stay in the source language
        app.installTranslator(translator)
        # engine/store messages, translated where they are shown, while this catalog is installed
        message_catalog.install("en", english_ui)
        QLocale.setDefault(QLocale(QLocale.Language.English, QLocale.Country.UnitedStates))
        qt = QTranslator(app)  # Qt's own strings are English already; a catalog may still exist
        if qt.load(QLocale(QLocale.Language.English), "qtbase", "_", folder):
            app.installTranslator(qt)
        return "en"
    message_catalog.install("ja")
    qt = QTranslator(app)  # Qt's own buttons (QWizard's 次へ, QMessageBox's はい…) in Japanese
    if qt.load(QLocale(QLocale.Language.Japanese), "qtbase", "_", folder):
        app.installTranslator(qt)
    app.installTranslator(QtSupplement(app))  # installed last: asked first
    return "ja"
