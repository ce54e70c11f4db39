"""JSON Schemas of the file formats, generated from the pydantic models."""

from __future__ import annotations

import json
from pathlib import Path

from bridge.storage.formats import FORMATS

__all__ = ["schema_texts", "write_schemas"]


def schema_texts() -> dict[str, str]:
    """File name -> JSON Schema text, for every format."""
    out = {}
    for name, model in FORMATS.items():
        schema = model.model_json_schema()
        schema["$id"] = f"https://bridge.invalid/schemas/{name}.schema.json"
        out[f"{name}.schema.json"] = json.dumps(schema, indent=2, sort_keys=True) + "\n"
    return out


def write_schemas(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, text in schema_texts().items():
        path = folder / name
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths
