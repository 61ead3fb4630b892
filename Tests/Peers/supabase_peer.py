"""The official `supabase` Python package against a running kiln-server's accounts.

Run by `.ci/peer-tests` (decision 28) with KILN_SERVER_URL and KILN_ANON_KEY set (the anon
key from `kiln-server keys --json`); exits non-zero with a sentence on the first behaviour
that differs from Supabase Auth's. Never prints a token or a password.
"""

import json
import os
import sys
import urllib.error
import urllib.request
import uuid

from supabase import create_client


def fail(message: str) -> None:
    print(f"supabase peer: FAILED: {message}", file=sys.stderr)
    sys.exit(1)


def check(condition: bool, message: str) -> None:
    if not condition:
        fail(message)


def chat(base_url: str, access_token: str) -> int:
    """The proxy's status for one echo-model completion with `access_token`."""
    body = json.dumps(
        {"model": "openai/gpt-3.5-turbo", "messages": [{"role": "user", "content": "peer"}]}
    ).encode()
    request = urllib.request.Request(
        base_url + "/v1/chat/completions",
        data=body,
        headers={"Content-Type": "application/json", "Authorization": "Bearer " + access_token},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def main() -> None:
    base_url = os.environ["KILN_SERVER_URL"]
    client = create_client(base_url, os.environ["KILN_ANON_KEY"])
    email = f"peer-{uuid.uuid4().hex[:12]}@example.com"
    password = "peer-" + uuid.uuid4().hex

    signed_up = client.auth.sign_up({"email": email, "password": password})
    check(signed_up.user is not None, "sign_up returned no user")
    check(signed_up.user.email == email, "sign_up's user has another address")
    check(signed_up.session is not None, "sign_up returned no session (confirmation is off)")
    print("supabase peer: sign_up ok")

    signed_in = client.auth.sign_in_with_password({"email": email, "password": password})
    session = signed_in.session
    check(session is not None and session.access_token, "sign_in_with_password gave no session")
    check(session.token_type == "bearer", "the session's token_type is not bearer")
    check(chat(base_url, session.access_token) == 200, "the proxy refused the session's token")
    print("supabase peer: sign_in_with_password ok; the proxy accepts its token")

    refreshed = client.auth.refresh_session()
    check(refreshed.session is not None, "refresh_session gave no session")
    check(
        refreshed.session.refresh_token != session.refresh_token,
        "refresh_session did not rotate the refresh token",
    )
    print("supabase peer: refresh_session ok")

    user = client.auth.get_user()
    check(user is not None and user.user.email == email, "get_user returned another user")
    print("supabase peer: get_user ok")

    updated = client.auth.update_user({"data": {"plan": "peer", "count": 3}})
    metadata = updated.user.user_metadata or {}
    check(metadata.get("plan") == "peer", f"update_user kept metadata {sorted(metadata)}")
    check(metadata.get("count") == 3, "update_user lost a number in the metadata")
    print("supabase peer: update_user (metadata) ok")

    last_token = client.auth.get_session().access_token
    client.auth.sign_out()
    check(client.auth.get_session() is None, "sign_out left a session in the client")
    try:
        client.auth.get_user(last_token)
        fail("get_user with a signed-out session's token still answered")
    except Exception as error:  # the client raises AuthApiError; any refusal is right
        check("session" in str(error).lower(), f"get_user after sign_out refused oddly: {error}")
    print("supabase peer: sign_out ok; the session is gone on the server")

    try:
        client.auth.sign_in_with_password({"email": email, "password": password + "x"})
        fail("a wrong password signed in")
    except Exception as error:
        check("invalid" in str(error).lower(), f"a wrong password was refused oddly: {error}")
    print("supabase peer: all checks passed")


if __name__ == "__main__":
    main()
