"""The largest share of a message's time in a Rasa 3.6 server, cut without changing what it does.

Profiled (bench/turn_profile.py, cProfile): two thirds of a message's time in the Rasa process went to
`RemoteAction._validate_action_result`, which calls `jsonschema.validate(result, schema)` for every
action server response. `jsonschema.validate` first checks the *schema itself* against the JSON Schema
meta-schema (draft 2020-12, with `$dynamicRef`, slow in jsonschema 4.17), every time: about 0.3 s of CPU
per action call on these cores, for a schema that is a constant.

`install()` replaces that method with one that checks the schema once per process and keeps the
validator; every response is still validated against the same schema, with the same error chosen
(`best_match`) and the same message added, so behaviour is unchanged. Installed when the Twilio channels
are created (`TwilioInputChannel.from_credentials`, at server start), so every Rasa server of this
project (make run, make cluster, production, the tests' servers) has it.
"""

from __future__ import annotations

import logging
from functools import lru_cache
from typing import Any

log = logging.getLogger(__name__)
_installed = False


@lru_cache(maxsize=1)
def _action_response_validator() -> Any:
    """The validator of Rasa's action response schema, the schema checked once (as validate() does)."""
    from jsonschema.validators import validator_for
    from rasa.core.actions.action import RemoteAction

    schema = RemoteAction.action_response_format_spec()
    validator_class = validator_for(schema)
    validator_class.check_schema(schema)
    return validator_class(schema)


def validate_action_result(self: Any, result: dict[str, Any]) -> bool:
    """`RemoteAction._validate_action_result` with the validator kept: same checks, same error."""
    from jsonschema import ValidationError
    from jsonschema.exceptions import best_match
    from rasa.shared.constants import DOCS_BASE_URL

    error = best_match(_action_response_validator().iter_errors(result))
    if error is None:
        return True
    if isinstance(error, ValidationError):
        error.message += (
            f". Failed to validate Action server response from API, "
            f"make sure your response from the Action endpoint is valid. "
            f"For more information about the format visit "
            f"{DOCS_BASE_URL}/custom-actions"
        )
    raise error


def install() -> None:
    """Replace Rasa's per-call schema check (once per process)."""
    global _installed
    if _installed:
        return
    from rasa.core.actions.action import RemoteAction

    RemoteAction._validate_action_result = validate_action_result
    _installed = True
    log.debug("action responses are validated with a validator built once")
