"""Open311 answers in the spec's two formats (JSON, and XML shaped like the GeoReport v2 examples) and errors."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from fastapi.responses import JSONResponse, Response


class Open311Error(Exception):
    def __init__(self, code: int, description: str) -> None:
        super().__init__(description)
        self.code, self.description = code, description


def _wants_xml(path: str) -> bool:
    return path.endswith(".xml")


def _xml(root_name: str, item_name: str, items: list[dict]) -> bytes:
    root = ET.Element(root_name)
    for item in items:
        element = ET.SubElement(root, item_name)
        _xml_fill(element, item)
    return b'<?xml version="1.0" encoding="utf-8"?>' + ET.tostring(root, encoding="utf-8")


def _xml_fill(element: ET.Element, item: dict) -> None:
    for key, value in item.items():
        if isinstance(value, list):
            holder = ET.SubElement(element, key)
            for entry in value:
                child = ET.SubElement(holder, key[:-1] if key.endswith("s") else "item")
                _xml_fill(child, entry) if isinstance(entry, dict) else setattr(child, "text", str(entry))
        elif isinstance(value, dict):
            _xml_fill(ET.SubElement(element, key), value)
        else:
            child = ET.SubElement(element, key)
            if value is not None:
                child.text = str(value).lower() if isinstance(value, bool) else _xml_chars(str(value))


# Characters XML 1.0 cannot carry at all (a resident's text may hold them): dropped, or no client could parse it
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def _xml_chars(text: str) -> str:
    return _NOT_XML.sub("", text)


def respond(path: str, root_name: str, item_name: str, items: list[dict], status_code: int = 200) -> Response:
    """A list: a JSON array, or in XML `<root_name><item_name>...</item_name>...</root_name>`."""
    if _wants_xml(path):
        return Response(_xml(root_name, item_name, items), status_code, media_type="text/xml; charset=utf-8")
    return JSONResponse(items, status_code)


def respond_one(path: str, root_name: str, document: dict) -> Response:
    """One document (discovery, a service definition): a JSON object, or its fields directly under
    `<root_name>` in XML, as the spec's examples show (not nested in a second element of the same name)."""
    if _wants_xml(path):
        root = ET.Element(root_name)
        _xml_fill(root, document)
        body = b'<?xml version="1.0" encoding="utf-8"?>' + ET.tostring(root, encoding="utf-8")
        return Response(body, media_type="text/xml; charset=utf-8")
    return JSONResponse(document)


def error_response(code: int, description: str, path: str) -> Response:
    """The spec's error format: `[{"code": 404, "description": "..."}]` (or <errors> in XML)."""
    return respond(path, "errors", "error", [{"code": code, "description": description}], status_code=code)


def check_format(fmt: str) -> None:
    if fmt not in ("json", "xml"):
        raise Open311Error(404, "format must be json or xml")
