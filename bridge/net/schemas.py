"""JSON Schemas of the network messages, generated from the protocol models."""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import TypeAdapter

from bridge.net.protocol import PROTOCOL, client_messages, host_messages

__all__ = ["protocol_schema_texts", "write_protocol_schemas"]


def protocol_schema_texts() -> dict[str, str]:
    """File name -> JSON Schema text: one for each direction of the conversation."""
    out = {}
    adapters: dict[str, TypeAdapter[object]] = {
        "net-client-message": client_messages,  # type: ignore[dict-item]
        "net-host-message": host_messages,  # type: ignore[dict-item]
    }
    for name, adapter in adapters.items():
        # what the host sends is described as sent (with read-only fields such as a
        # challenge die's `shows`); what a client sends, as the host takes it
        host = name == "net-host-message"
        schema = adapter.json_schema(mode="serialization" if host else "validation")
        schema["$id"] = f"https://bridge.invalid/schemas/{name}.schema.json"
        schema["title"] = f"Bridge network protocol {PROTOCOL}: {name.removeprefix('net-')}"
        out[f"{name}.schema.json"] = json.dumps(schema, indent=2, sort_keys=True) + "\n"
    return out


def write_protocol_schemas(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, text in protocol_schema_texts().items():
        path = folder / name
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths
