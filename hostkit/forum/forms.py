"""An HTML form as a browser submits it: its action and its fields (checked boxes, selected
options, hidden inputs, no submit buttons). Shared by the phpBB adapter and its PM folders."""

from __future__ import annotations

import html as _html
from typing import Any


def _soup(text: str) -> Any:
    from bs4 import BeautifulSoup

    return BeautifulSoup(text, "lxml")


def form_fields(page: str, form_id: str) -> tuple[str, dict[str, str]] | None:
    """The form's action and the fields a browser would submit (checked boxes, selected options,
    hidden inputs; no submit buttons); None when the page has no such form."""
    form = _soup(page).find("form", id=form_id)
    if form is None:
        return None
    data: dict[str, str] = {}
    for el in form.find_all(["input", "textarea", "select"]):
        name = el.get("name")
        kind = (el.get("type") or "").lower()
        if not name or kind in ("submit", "button", "image", "file"):
            continue
        if kind in ("checkbox", "radio") and not el.has_attr("checked"):
            continue
        if el.name == "textarea":
            data[name] = el.get_text()
        elif el.name == "select":
            chosen = el.find("option", selected=True) or el.find("option")
            data[name] = chosen.get("value", chosen.get_text()) if chosen else ""
        else:
            data[name] = el.get("value", "")
    return _html.unescape(form.get("action") or ""), data
