#!/usr/bin/env python3
"""The translation catalogs, with the standard library only (no xgettext or msgfmt needed).

    python scripts/i18n.py            # extract, update every .po, compile every .mo
    python scripts/i18n.py --check    # exit 1 when a .mo is stale or a string lacks a translation

Extraction reads the game's Python files with ``ast``: every ``_("...")``, ``N_("...")``,
``ngettext("...", "...", n)`` and ``N_plural("...", "...")`` whose text is written out is a
message (``game/locale/carcassonne.pot``).  Updating keeps each language's translations
(``game/locale/<lang>/LC_MESSAGES/carcassonne.po``), adds the new messages untranslated and
drops those the code no longer has.  Compiling writes
the ``.mo`` beside each ``.po``, byte for byte the same from the same ``.po``.
"""

from __future__ import annotations

import argparse
import ast
import struct
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ROOT / "game"
LOCALE = SOURCES / "locale"
DOMAIN = "carcassonne"
CALLS = {"_": 1, "N_": 1, "ngettext": 2, "N_plural": 2}  # function name -> how many texts it takes
PLURAL_FORMS = {"fr": "nplurals=2; plural=(n > 1);"}


@dataclass
class Message:
    msgid: str
    plural: str | None = None
    translations: list[str] = field(default_factory=list)  # one per plural form
    places: list[str] = field(default_factory=list)  # files it is used in
    fuzzy: bool = False

    @property
    def translated(self) -> bool:
        return bool(self.translations) and all(self.translations) and not self.fuzzy


# -- extraction ----------------------------------------------------------------------------------

def extract(sources: Path = SOURCES) -> dict[str, Message]:
    """Every message of the code, in the order first met (files sorted by name)."""
    found: dict[str, Message] = {}
    for path in sorted(sources.rglob("*.py")):
        place = path.relative_to(sources.parent).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        calls = sorted((n for n in ast.walk(tree) if isinstance(n, ast.Call)),
                       key=lambda n: (n.lineno, n.col_offset))
        for node in calls:
            texts = _message_texts(node)
            if texts is None:
                continue
            msgid = texts[0]
            message = found.setdefault(msgid, Message(msgid, texts[1] if len(texts) > 1 else None))
            if place not in message.places:
                message.places.append(place)
    return found


def _message_texts(node: ast.AST) -> list[str] | None:
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
        return None
    wanted = CALLS.get(node.func.id)
    if wanted is None or len(node.args) < wanted:
        return None
    texts = [a.value for a in node.args[:wanted]
             if isinstance(a, ast.Constant) and isinstance(a.value, str)]
    return texts if len(texts) == wanted and texts[0] else None


# -- .po files -----------------------------------------------------------------------------------

def _unquote(text: str, where: str) -> str:
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise ValueError(f"{where}: expected a quoted string, found {text!r}")
    out: list[str] = []
    chars = iter(text[1:-1])
    for ch in chars:
        if ch == "\\":
            nxt = next(chars, "")
            out.append({"n": "\n", "t": "\t", '"': '"', "\\": "\\"}.get(nxt, nxt))
        else:
            out.append(ch)
    return "".join(out)


def _quote(text: str) -> str:
    escaped = (text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
               .replace("\t", "\\t"))
    return f'"{escaped}"'


def read_po(path: Path) -> tuple[str, dict[str, Message]]:
    """The header's text and the messages of a .po file (obsolete ``#~`` entries dropped)."""
    header = ""
    messages: dict[str, Message] = {}
    current: Message | None = None
    target: tuple[str, int] | None = None  # which text continuation lines extend
    fuzzy = False

    def finish() -> None:
        nonlocal header, current
        if current is None:
            return
        if current.msgid == "":
            header = current.translations[0] if current.translations else ""
        else:
            messages[current.msgid] = current
        current = None

    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        where = f"{path}:{number}"
        line = raw.strip()
        if not line or line.startswith("#~"):
            continue
        if line.startswith("#"):
            if line.startswith("#,") and "fuzzy" in line:
                fuzzy = True
            continue
        if line.startswith("msgid "):
            finish()
            current = Message(_unquote(line[6:], where), fuzzy=fuzzy)
            fuzzy = False
            target = ("msgid", 0)
        elif current is None:
            raise ValueError(f"{where}: text outside an entry")
        elif line.startswith("msgid_plural "):
            current.plural = _unquote(line[13:], where)
            target = ("plural", 0)
        elif line.startswith("msgstr["):
            index = int(line[7:line.index("]")])
            while len(current.translations) <= index:
                current.translations.append("")
            current.translations[index] = _unquote(line[line.index("]") + 1:], where)
            target = ("msgstr", index)
        elif line.startswith("msgstr "):
            current.translations = [_unquote(line[7:], where)]
            target = ("msgstr", 0)
        elif line.startswith('"') and target is not None:
            more = _unquote(line, where)
            kind, index = target
            if kind == "msgid":
                current.msgid += more
            elif kind == "plural":
                current.plural = (current.plural or "") + more
            else:
                current.translations[index] += more
        else:
            raise ValueError(f"{where}: cannot read {raw!r}")
    finish()
    return header, messages


def write_po(path: Path, header: str, messages: dict[str, Message], note: str) -> None:
    lines = [f"# {note}", 'msgid ""', 'msgstr ""']
    lines += [_quote(part) for part in header.splitlines(keepends=True)]
    for m in messages.values():
        lines.append("")
        if m.places:
            lines.append("#: " + " ".join(m.places))
        if m.fuzzy:
            lines.append("#, fuzzy")
        lines.append(f"msgid {_quote(m.msgid)}")
        if m.plural is not None:
            lines.append(f"msgid_plural {_quote(m.plural)}")
            forms = m.translations or ["", ""]
            lines += [f"msgstr[{i}] {_quote(t)}" for i, t in enumerate(forms)]
        else:
            lines.append(f"msgstr {_quote(m.translations[0] if m.translations else '')}")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def header_for(language: str | None) -> str:
    parts = ["Project-Id-Version: carcassonne-family\n",
             "MIME-Version: 1.0\n",
             "Content-Type: text/plain; charset=UTF-8\n",
             "Content-Transfer-Encoding: 8bit\n"]
    if language is not None:
        parts.insert(1, f"Language: {language}\n")
        rule = PLURAL_FORMS.get(language, "nplurals=2; plural=(n != 1);")
        parts.append(f"Plural-Forms: {rule}\n")
    return "".join(parts)


def forms(language: str) -> int:
    """How many plural forms ``language`` has (its ``nplurals``)."""
    rule = PLURAL_FORMS.get(language, "nplurals=2; plural=(n != 1);")
    return int(rule.split(";")[0].split("=")[1])


def merged(code: dict[str, Message], old: dict[str, Message]) -> dict[str, Message]:
    """The code's messages with the translations an older .po gave them."""
    out: dict[str, Message] = {}
    for msgid, m in code.items():
        before = old.get(msgid)
        translations = list(before.translations) if before is not None else []
        keep = before is not None and before.plural == m.plural
        out[msgid] = Message(msgid, m.plural, translations if keep else [], list(m.places),
                             fuzzy=bool(before and before.fuzzy))
    return out


# -- .mo files -----------------------------------------------------------------------------------

def compile_mo(header: str, messages: dict[str, Message]) -> bytes:
    """A GNU .mo catalog of the translated messages (no hash table: gettext does not need
    one), keys in byte order so the same .po always gives the same bytes."""
    entries: dict[bytes, bytes] = {b"": header.encode("utf-8")}
    for m in messages.values():
        if not m.translated:
            continue
        key = m.msgid if m.plural is None else f"{m.msgid}\0{m.plural}"
        entries[key.encode("utf-8")] = "\0".join(m.translations).encode("utf-8")
    keys = sorted(entries)
    count = len(keys)
    originals_at = 28
    translations_at = originals_at + 8 * count
    data_at = translations_at + 8 * count
    indexes: list[bytes] = []  # of the originals, then of the translations: length, where
    blob = bytearray()
    for texts in ([k for k in keys], [entries[k] for k in keys]):
        index = bytearray()
        for text in texts:
            index += struct.pack("<2I", len(text), data_at + len(blob))
            blob += text + b"\0"
        indexes.append(bytes(index))
    head = struct.pack("<7I", 0x950412DE, 0, count, originals_at, translations_at, 0, data_at)
    return head + indexes[0] + indexes[1] + bytes(blob)


# -- the commands --------------------------------------------------------------------------------

def po_files(locale: Path = LOCALE) -> list[Path]:
    return sorted(locale.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def update(locale: Path = LOCALE, sources: Path = SOURCES) -> None:
    code = extract(sources)
    write_po(locale / f"{DOMAIN}.pot", header_for(None),
             {k: Message(m.msgid, m.plural, [], m.places) for k, m in code.items()},
             "Every text of the window, extracted by scripts/i18n.py: do not edit.")
    for po in po_files(locale):
        language = po.parents[1].name
        _, old = read_po(po)
        write_po(po, header_for(language), merged(code, old),
                 f"The window's text in language '{language}'; scripts/i18n.py updates it.")
        header, messages = read_po(po)
        po.with_suffix(".mo").write_bytes(compile_mo(header, messages))


def problems(locale: Path = LOCALE, sources: Path = SOURCES) -> list[str]:
    """What is out of date: a .mo that its .po would not compile to, a message of the code
    that a language does not translate."""
    code = extract(sources)
    found: list[str] = []
    for po in po_files(locale):
        header, messages = read_po(po)
        mo = po.with_suffix(".mo")
        if not mo.is_file() or mo.read_bytes() != compile_mo(header, messages):
            found.append(f"{mo} is not compiled from its .po")
        for msgid, m in code.items():
            have = messages.get(msgid)
            wanted = 1 if m.plural is None else forms(po.parents[1].name)
            if (have is None or not have.translated or have.plural != m.plural
                    or len(have.translations) != wanted):
                found.append(f"{po.name} ({po.parents[1].name}): no translation of {msgid!r} "
                             f"({', '.join(m.places)})")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="report stale .mo files and missing translations; change nothing")
    args = parser.parse_args(argv)
    if not args.check:
        update()
    found = problems()
    for line in found:
        print(line)
    if args.check:
        return 1 if found else 0
    print(f"catalogs updated; {len(found)} translation(s) missing" if found
          else "catalogs updated; every message is translated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
