"""The protocol's JSON Schemas in the repository match the message models."""

from __future__ import annotations

import json
from pathlib import Path

from bridge.net.schemas import protocol_schema_texts

SCHEMAS = Path(__file__).resolve().parents[2] / "resources" / "schemas"


def test_protocol_schemas_in_the_repository_are_current() -> None:
    """Regenerate with `bridge schemas` after changing a message."""
    texts = protocol_schema_texts()
    assert set(texts) == {"net-client-message.schema.json", "net-host-message.schema.json"}
    for name, text in texts.items():
        assert (SCHEMAS / name).read_text(encoding="utf-8") == text, name


def test_every_message_type_is_in_its_schema() -> None:
    client = json.loads(protocol_schema_texts()["net-client-message.schema.json"])
    host = json.loads(protocol_schema_texts()["net-host-message.schema.json"])
    assert set(client["discriminator"]["mapping"]) == {
        "hello",
        "claim",
        "command",
        "preview",
        "log_page",
        "resync",
        "ping",
    }
    assert set(host["discriminator"]["mapping"]) == {
        "welcome",
        "seated",
        "snapshot",
        "update",
        "accepted",
        "refused",
        "task_preview",
        "log_page",
        "seats",
        "pong",
        "error",
    }
