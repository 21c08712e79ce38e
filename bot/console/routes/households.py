"""The household a complaint is against, the animal, and a bite's victim: the clerk's actions.

docs/rules.md "Who a complaint is against": filing only suggests a household; the clerk confirms it,
links another, or unlinks it, and only confirmed, accepted complaints count. Animals are records under
a household; a bite links to the animal that bit.
"""

from __future__ import annotations

from datetime import date
from typing import Annotated

from fastapi import Depends, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import Response
from starlette.datastructures import FormData

from bot.cases.bite_records import ConfirmedBiteFacts
from bot.cases.errors import AnimalNotFound, CaseError, SubjectNotFound
from bot.console.accounts import StaffUser
from bot.console.context import ConsoleContext
from bot.console.pages import (
    Clerk,
    Context,
    back_to,
    console_router,
    flash,
    form_text,
    raise_not_found,
    require_city,
)
from bot.console.routes.review import _act
from bot.console.security import require
from bot.jurisdictions import get_pack

router = console_router()

KNOWN = {"yes": True, "no": False}  # anything else: not known
# the bite facts an order turns on are confirmed by the clerk or the officer (docs/rules.md "Bites")
BiteWitness = Annotated[StaffUser, Depends(require("clerk", "officer"))]
ANIMAL_TEXT = ("species", "name", "description", "license_number")


def _animal_fields(form: FormData) -> dict[str, object]:
    fields: dict[str, object] = {name: form_text(form, name) or None for name in ANIMAL_TEXT}
    fields["species"] = (fields["species"] or "").lower() or None  # type: ignore[union-attr]
    fields["licensed"] = KNOWN.get(form_text(form, "licensed"))
    fields["vaccinated"] = KNOWN.get(form_text(form, "vaccinated"))
    return fields


def _confirm(ctx: ConsoleContext, reference: str, form: FormData, reason: str | None, by: str) -> str:
    ctx.cases.confirm_household(reference, by=by, reason=reason)
    return f"{reference}: household confirmed."


def _unlink(ctx: ConsoleContext, reference: str, form: FormData, reason: str | None, by: str) -> str:
    ctx.cases.unlink_household(reference, reason or "", by=by)
    return f"{reference}: household unlinked; it now needs a household."


def _link_animal(ctx: ConsoleContext, reference: str, form: FormData, reason: str | None, by: str) -> str:
    animal_id = int(form_text(form, "animal_id"))
    ctx.cases.link_animal(reference, animal_id, by=by, reason=reason)
    return f"{reference} linked to animal {animal_id}."


def _new_animal(ctx: ConsoleContext, reference: str, form: FormData, reason: str | None, by: str) -> str:
    detail = ctx.cases.get_complaint(reference)
    if detail.subject_id is None:
        raise CaseError("link the household first: an animal is recorded under its household")
    animal_id = ctx.cases.create_animal(detail.subject_id, by=by, reason=reason, **_animal_fields(form))
    ctx.cases.link_animal(reference, animal_id, by=by, reason=reason)
    return f"{reference} linked to new animal {animal_id}."


def _bite_facts(ctx: ConsoleContext, reference: str, form: FormData, reason: str | None, by: str) -> str:
    """Proof of vaccination, the premises and the start of confinement, as the clerk or officer confirms them."""
    detail = ctx.cases.get_complaint(reference)
    confined = form_text(form, "confined_on")
    confined_on = date.fromisoformat(confined) if confined else None
    if confined_on is not None and confined_on > ctx.today(get_pack(detail.jurisdiction)):
        raise CaseError("confinement cannot be recorded as beginning after today")
    facts = ConfirmedBiteFacts(vaccination_proof=KNOWN.get(form_text(form, "vaccination_proof")),
                               on_owner_premises=KNOWN.get(form_text(form, "on_owner_premises")),
                               confined_on=confined_on)  # fmt: skip
    ctx.cases.record_bite_facts(reference, facts, by=by, reason=reason)
    return f"{reference}: bite facts recorded."


def _victim(ctx: ConsoleContext, reference: str, form: FormData, reason: str | None, by: str) -> str:
    ctx.cases.set_victim(reference, form_text(form, "victim"), by=by, reason=reason)
    return f"{reference}: victim recorded."


@router.post("/complaints/{reference}/confirm-household")
async def confirm_household(request: Request, reference: str, ctx: Context, user: Clerk) -> Response:
    return await _act(request, ctx, reference, user, _confirm)


@router.post("/complaints/{reference}/unlink-household")
async def unlink_household(request: Request, reference: str, ctx: Context, user: Clerk) -> Response:
    return await _act(request, ctx, reference, user, _unlink)


@router.post("/complaints/{reference}/link-animal")
async def link_animal(request: Request, reference: str, ctx: Context, user: Clerk) -> Response:
    return await _act(request, ctx, reference, user, _link_animal)


@router.post("/complaints/{reference}/new-animal")
async def new_animal(request: Request, reference: str, ctx: Context, user: Clerk) -> Response:
    return await _act(request, ctx, reference, user, _new_animal)


@router.post("/complaints/{reference}/victim")
async def victim(request: Request, reference: str, ctx: Context, user: Clerk) -> Response:
    return await _act(request, ctx, reference, user, _victim)


@router.post("/complaints/{reference}/bite-facts")
async def bite_facts(request: Request, reference: str, ctx: Context, user: BiteWitness) -> Response:
    return await _act(request, ctx, reference, user, _bite_facts)


@router.post("/subjects/{subject_id}/animals")
async def add_animal(request: Request, subject_id: int, ctx: Context, user: Clerk) -> Response:
    """A new animal of the household, from its page."""
    form = await request.form()
    fields = _animal_fields(form)
    try:
        subject = await run_in_threadpool(ctx.cases.get_subject, subject_id)
        require_city(user, subject.jurisdiction)
        animal_id = await run_in_threadpool(
            ctx.cases.create_animal,
            subject_id,
            by=user.username,
            reason=form_text(form, "reason") or None,
            **fields,
        )
        flash(request, f"Animal {animal_id} recorded.")
    except (SubjectNotFound, AnimalNotFound):
        raise_not_found()
    except CaseError as error:
        flash(request, f"Not done: {error}", "error")
    return back_to(f"/subjects/{subject_id}")
