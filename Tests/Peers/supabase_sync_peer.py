"""The official `supabase` Python package calling kiln-server's sync functions.

Run by `.ci/peer-tests` (decision 28) against a kiln-server on SQLite and one on
PostgreSQL, with KILN_SERVER_URL, KILN_ANON_KEY and KILN_PEER_STORE (the store, named in
its lines) set: a signed-in user pushes and pulls through `client.rpc`, another user
reaches none of it, and refusals come back as the library's APIError with PostgREST's
code (docs/SYNC.md §4). Exits non-zero with a sentence on the
first difference. Never prints a token, a password or a row's content.
"""

import os
import sys
import uuid

from postgrest.exceptions import APIError
from supabase import create_client

PREFIX = f"supabase sync peer ({os.environ.get('KILN_PEER_STORE', 'kiln-server')})"
TIME = "2026-12-02T10:00:00.000Z"
CLOCK = "001796205600000-00000-dddddddd-0000-4000-8000-000000000001"


def fail(message: str) -> None:
    print(f"{PREFIX}: FAILED: {message}", file=sys.stderr)
    sys.exit(1)


def check(condition: bool, message: str) -> None:
    if not condition:
        fail(message)


def signed_in_client(base_url: str, anon_key: str, name: str):
    """A client signed up (and so signed in) as a new user."""
    client = create_client(base_url, anon_key)
    email = f"{name}-{uuid.uuid4().hex[:12]}@example.com"
    answer = client.auth.sign_up({"email": email, "password": "peer-" + uuid.uuid4().hex})
    check(answer.session is not None, f"sign_up gave {name} no session")
    return client, answer.user.id


def conversation(row_id: str, title: str) -> dict:
    return {
        "table": "conversations",
        "op": "upsert",
        "clocks": {"title": CLOCK},
        "row": {
            "id": row_id, "title": title, "persona_name": None, "persona_id": None,
            "is_pinned": False, "is_archived": False, "created_at": TIME,
            "updated_at": TIME, "deleted_at": None,
        },
    }


def message(row_id: str, conversation_id: str, content: str) -> dict:
    return {
        "table": "messages",
        "op": "upsert",
        "clocks": {"body": CLOCK},
        "row": {
            "id": row_id, "conversation_id": conversation_id, "parent_id": None,
            "role": "user", "content": content, "status": "complete", "model": None,
            "finish_reason": None, "prompt_tokens": None, "completion_tokens": None,
            "reasoning": None, "error_code": None, "created_at": TIME, "deleted_at": None,
        },
    }


def refusal_code(call) -> str | None:
    """The APIError code `call` raises; fails when it raises nothing or something else."""
    try:
        call()
    except APIError as error:
        return error.code
    fail("a call that must be refused succeeded")
    return None


def main() -> None:
    base_url = os.environ["KILN_SERVER_URL"]
    anon_key = os.environ["KILN_ANON_KEY"]
    alice, alice_id = signed_in_client(base_url, anon_key, "alice")
    conversation_id = str(uuid.uuid4())
    message_id = str(uuid.uuid4())
    content = "peer-" + uuid.uuid4().hex

    pushed = alice.rpc(
        "sync_push",
        {"changes": [conversation(conversation_id, "Trip"),
                     message(message_id, conversation_id, content)]},
    ).execute()
    statuses = [result["status"] for result in pushed.data["results"]]
    check(statuses == ["applied", "applied"], f"sync_push answered {statuses}")
    print(f"{PREFIX}: rpc sync_push ok")

    pulled = alice.rpc("sync_pull", {"since": 0, "max_rows": 100}).execute()
    rows = [change["row"] for change in pulled.data["changes"]]
    check([row["id"] for row in rows] == [conversation_id, message_id],
          "sync_pull did not return the pushed rows in order")
    check(rows[1]["content"] == content, "the pulled message has other content")
    check(all(row["user_id"] == alice_id for row in rows), "a pulled row has another owner")
    check(pulled.data["next"] == 2 and pulled.data["has_more"] is False,
          f"sync_pull's next/has_more are {pulled.data['next']}/{pulled.data['has_more']}")
    print(f"{PREFIX}: rpc sync_pull ok")

    by_get = alice.rpc("sync_pull", {"since": 1, "max_rows": 100}, get=True).execute()
    check([change["row"]["id"] for change in by_get.data["changes"]] == [message_id],
          "sync_pull with GET did not page from since")
    print(f"{PREFIX}: rpc sync_pull with get=True ok")

    bob, _ = signed_in_client(base_url, anon_key, "bob")
    check(bob.rpc("sync_pull", {"since": 0, "max_rows": 100}).execute().data["changes"] == [],
          "another user pulled the first user's rows")
    print(f"{PREFIX}: another user pulls nothing")

    code = refusal_code(lambda: alice.rpc("sync_pull", {"since": 0, "max_rows": 0}).execute())
    check(code == "22023", f"max_rows 0 was refused with {code}")
    code = refusal_code(lambda: alice.rpc("sync_nothing", {}).execute())
    check(code == "PGRST202", f"an unknown function was refused with {code}")
    code = refusal_code(lambda: alice.rpc("sync_pull", {"since": "soon", "max_rows": 5}).execute())
    check(code == "22P02", f"a since that is not a number was refused with {code}")
    anonymous = create_client(base_url, anon_key)
    code = refusal_code(
        lambda: anonymous.rpc("sync_pull", {"since": 0, "max_rows": 5}).execute())
    check(code == "42501", f"a call without a signed-in user was refused with {code}")
    print(f"{PREFIX}: refusals come back as APIError with PostgREST's codes")
    print(f"{PREFIX}: all checks passed")


if __name__ == "__main__":
    main()
