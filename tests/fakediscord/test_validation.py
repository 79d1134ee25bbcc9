"""The fake refuses what Discord refuses, the way Discord does (400, code 50035), and says so."""

from __future__ import annotations

from typing import Any

import discord
import pytest
from discord.http import Route

from tests.errorlog import ErrorLog
from tests.fakediscord import BotHarness, FakeDiscord
from tests.fakediscord.roundtrip_cog import add_probe

pytestmark = pytest.mark.bot_features()


def button(custom_id: str, label: str = "x") -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": label, "custom_id": custom_id}


def row(*components: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(components)}


def select(custom_id: str, options: int) -> dict[str, Any]:
    return {
        "type": 3,
        "custom_id": custom_id,
        "options": [{"label": f"o{i}", "value": f"o{i}"} for i in range(options)],
    }


async def post(harness: BotHarness, channel_id: int, payload: dict[str, Any]) -> Any:
    route = Route("POST", "/channels/{channel_id}/messages", channel_id=channel_id)
    return await harness.bot.http.request(route, json=payload)


@pytest.mark.parametrize(
    ("components", "where", "message"),
    [
        (
            [row(button(f"b{i}")) for i in range(6)],
            "components",
            "Must be 5 or fewer in length.",
        ),
        (
            [row(*(button(f"b{i}") for i in range(6)))],
            "components.0.components",
            "Must be 5 or fewer in length.",
        ),
        (
            [row(select("s", 3), button("b"))],
            "components.0.components",
            "The specified component exceeds the maximum width",
        ),
        (
            [row(select("s", 26))],
            "components.0.components.0.options",
            "Must be 25 or fewer in length.",
        ),
        ([row(button(""))], "components.0.components.0.custom_id", "Must be between 1 and 100"),
        (
            [row(button("x" * 101))],
            "components.0.components.0.custom_id",
            "Must be between 1 and 100",
        ),
        (
            [row(button("same")), row(button("same"))],
            "components.1.components.0.custom_id",
            "Component custom id cannot be duplicated",
        ),
        (
            [row(button("b", label="L" * 81))],
            "components.0.components.0.label",
            "Must be 80 or fewer in length.",
        ),
    ],
    ids=[
        "six-rows",
        "six-buttons",
        "select-shares-row",
        "26-options",
        "empty-id",
        "long-id",
        "duplicate-id",
        "long-label",
    ],
)
async def test_component_limits(
    fake: FakeDiscord,
    bot_harness: BotHarness,
    components: list[dict[str, Any]],
    where: str,
    message: str,
) -> None:
    with pytest.raises(discord.HTTPException) as raised:
        await post(bot_harness, fake.general.id, {"content": "x", "components": components})

    assert raised.value.status == 400
    assert raised.value.code == 50035
    assert f"In {where}: {message}" in raised.value.text
    assert fake.messages(fake.general) == []
    (violation,) = fake.take_violations()
    assert violation.method == "POST" and where in violation.reason


async def test_limits_at_the_edge_are_accepted(fake: FakeDiscord, bot_harness: BotHarness) -> None:
    rows = [row(*(button(f"b{r}{c}", label="L" * 80) for c in range(5))) for r in range(4)]
    rows.append(row(select("s" * 100, 25)))

    await post(bot_harness, fake.general.id, {"content": "x", "components": rows})

    (message,) = fake.messages(fake.general)
    assert len(message.buttons) == 20 and len(message.selects[0].options) == 25


def embed(**fields: Any) -> dict[str, Any]:
    return {"type": "rich", **fields}


def field(name: str = "n", value: str = "v") -> dict[str, Any]:
    return {"name": name, "value": value, "inline": False}


@pytest.mark.parametrize(
    ("embeds", "where", "message"),
    [
        ([embed(title="T" * 257)], "embeds.0.title", "Must be 256 or fewer in length."),
        (
            [embed(description="D" * 4097)],
            "embeds.0.description",
            "Must be 4096 or fewer in length.",
        ),
        (
            [embed(fields=[field(value="V" * 1025)])],
            "embeds.0.fields.0.value",
            "Must be 1024 or fewer in length.",
        ),
        (
            [embed(fields=[field(name="N" * 257)])],
            "embeds.0.fields.0.name",
            "Must be 256 or fewer in length.",
        ),
        ([embed(fields=[field(name="")])], "embeds.0.fields.0.name", "This field is required"),
        ([embed(fields=[field()] * 26)], "embeds.0.fields", "Must be 25 or fewer in length."),
        (
            [embed(footer={"text": "F" * 2049})],
            "embeds.0.footer.text",
            "Must be 2048 or fewer in length.",
        ),
        (
            [embed(author={"name": "A" * 257})],
            "embeds.0.author.name",
            "Must be 256 or fewer in length.",
        ),
        (
            [embed(description="D" * 4000), embed(description="D" * 2001)],
            "embeds",
            "Embed size exceeds maximum size of 6000",
        ),
        ([embed(title="t")] * 11, "embeds", "Must be 10 or fewer in length."),
    ],
    ids=[
        "title",
        "description",
        "field-value",
        "field-name",
        "empty-field-name",
        "26-fields",
        "footer",
        "author",
        "total",
        "11-embeds",
    ],
)
@pytest.mark.parametrize("schemas", [True, False], ids=["schema", "limits-only"])
async def test_embed_limits(
    fake: FakeDiscord,
    bot_harness: BotHarness,
    embeds: list[dict[str, Any]],
    where: str,
    message: str,
    schemas: bool,
) -> None:
    fake.validate_schemas = schemas
    with pytest.raises(discord.HTTPException) as raised:
        await post(bot_harness, fake.general.id, {"embeds": embeds})

    assert raised.value.code == 50035
    assert f"In {where}: {message}" in raised.value.text
    assert fake.messages(fake.general) == []
    (violation,) = fake.take_violations()
    assert where in violation.reason


async def test_embeds_at_the_limits_are_accepted(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    full = embed(
        title="T" * 256,
        description="D" * 3000,
        fields=[field("N" * 256, "V" * 1024)] * 2,
        footer={"text": "F" * 184},
    )
    assert 256 + 3000 + 2 * (256 + 1024) + 184 == 6000

    await post(bot_harness, fake.general.id, {"embeds": [full]})

    (posted,) = fake.messages(fake.general)
    assert posted.embeds[0]["footer"]["text"] == "F" * 184


async def test_empty_and_overlong_messages(fake: FakeDiscord, bot_harness: BotHarness) -> None:
    with pytest.raises(discord.HTTPException) as empty:
        await post(bot_harness, fake.general.id, {"content": ""})
    with pytest.raises(discord.HTTPException) as long:
        await post(bot_harness, fake.general.id, {"content": "x" * 2001})

    assert (empty.value.status, empty.value.code) == (400, 50006)
    assert long.value.code == 50035 and "In content: Must be 2000 or fewer" in long.value.text
    assert len(fake.take_violations()) == 2


async def test_schema_violations_from_the_spec(fake: FakeDiscord, bot_harness: BotHarness) -> None:
    bad = {"content": "x", "components": [row({"type": 2, "style": 42, "custom_id": "a"})]}

    with pytest.raises(discord.HTTPException) as raised:
        await post(bot_harness, fake.general.id, bad)

    assert raised.value.code == 50035
    assert "components.0.components.0.style" in raised.value.text
    assert len(fake.take_violations()) == 1


async def test_route_missing_from_the_spec_is_a_violation(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    with pytest.raises(discord.NotFound):
        await bot_harness.bot.http.request(
            Route("GET", "/channels/{channel_id}/pancakes", channel_id=1)
        )

    with pytest.raises(discord.HTTPException) as wrong_method:
        await bot_harness.bot.http.request(Route("PUT", "/users/@me"))

    assert wrong_method.value.status == 405
    pancakes, put = fake.take_violations()
    assert pancakes.path == "/channels/1/pancakes" and "not in the spec" in pancakes.reason
    assert put.method == "PUT" and "method not in the spec" in put.reason


@pytest.mark.bot_features.with_args(add_probe)
async def test_interaction_answers_are_validated_too(
    fake: FakeDiscord, logged_errors: ErrorLog
) -> None:
    reply = await fake.slash(fake.alice, "probe echo", text="x" * 500, times=5, expect_answer=False)

    assert reply.callback_type is None
    (violation,) = fake.take_violations()
    assert "/callback" in violation.path and "content" in violation.reason
    (error,) = logged_errors.take("discord")
    assert error.exc_info is not None and "50035" in str(error.exc_info[1])


@pytest.mark.bot_features.with_args(add_probe)
async def test_answering_twice_is_refused(fake: FakeDiscord, bot_harness: BotHarness) -> None:
    reply = await fake.slash(fake.alice, "probe ping")
    record = reply.record
    bot = bot_harness.bot
    interaction_route = Route(
        "POST",
        "/interactions/{interaction_id}/{interaction_token}/callback",
        interaction_id=record.id,
        interaction_token=record.token,
    )

    with pytest.raises(discord.HTTPException) as raised:
        await bot.http.request(interaction_route, json={"type": 4, "data": {"content": "again"}})

    assert raised.value.code == 40060
    assert len(fake.take_violations()) == 1


async def test_a_failure_of_the_fake_fails_the_test_without_retries(
    fake: FakeDiscord, bot_harness: BotHarness, logged_errors: ErrorLog
) -> None:
    def broken(_: object) -> None:
        raise ZeroDivisionError

    fake.rest.handlers["GET /users/{user_id}"] = broken

    with pytest.raises(discord.HTTPException) as raised:
        await bot_harness.bot.fetch_user(fake.bob.id)

    assert raised.value.status == 400
    assert [r.status for r in fake.requests if r.route == "GET /users/{user_id}"] == [400]
    (violation,) = fake.take_violations()
    assert "the fake Discord failed: ZeroDivisionError()" in violation.reason
    (logged,) = logged_errors.take("tests.fakediscord")
    assert logged.exc_info is not None
