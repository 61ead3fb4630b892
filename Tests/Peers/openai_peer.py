"""The official `openai` Python package against a running kiln-server.

Run by `.ci/peer-tests` (decision 28) with KILN_SERVER_URL and KILN_JWT_SECRET set; exits
non-zero with a sentence on the first behaviour that differs from OpenAI's wire format.
"""

import base64
import hashlib
import hmac
import json
import os
import sys
import time
import uuid

import openai


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def access_token(secret: str, subject: str, role: str = "authenticated") -> str:
    """An HS256 access token shaped as Supabase Auth issues them."""
    header = {"alg": "HS256", "typ": "JWT"}
    now = int(time.time())
    claims = {"sub": subject, "role": role, "aud": "authenticated", "iat": now, "exp": now + 600}
    signing_input = (
        b64url(json.dumps(header, separators=(",", ":")).encode())
        + "."
        + b64url(json.dumps(claims, separators=(",", ":")).encode())
    )
    signature = hmac.new(secret.encode("ascii"), signing_input.encode("ascii"), hashlib.sha256)
    return signing_input + "." + b64url(signature.digest())


def fail(message: str) -> None:
    print(f"openai peer: FAILED: {message}", file=sys.stderr)
    sys.exit(1)


def main() -> None:
    base_url = os.environ["KILN_SERVER_URL"].rstrip("/") + "/v1"
    secret = os.environ["KILN_JWT_SECRET"]
    user = str(uuid.uuid4())
    client = openai.OpenAI(base_url=base_url, api_key=access_token(secret, user), max_retries=0)

    models = [model.id for model in client.models.list()]
    if not models:
        fail("GET /v1/models listed no model")
    model = models[0]

    stream = client.chat.completions.create(
        model=model,
        messages=[{"role": "user", "content": "Say hello to the peer test"}],
        stream=True,
        stream_options={"include_usage": True},
    )
    text, finish, usage = "", None, None
    for chunk in stream:
        if chunk.usage is not None:
            usage = chunk.usage
        for choice in chunk.choices:
            text += choice.delta.content or ""
            finish = choice.finish_reason or finish
    if not text:
        fail("the streamed reply had no content")
    if finish != "stop":
        fail(f"the streamed reply finished with {finish!r}, not 'stop'")
    if usage is None or usage.completion_tokens is None:
        fail("the stream carried no usage chunk")

    completion = client.chat.completions.create(
        model=model,
        messages=[{"role": "user", "content": "Answer once, without streaming"}],
        stream=False,
    )
    if completion.object != "chat.completion":
        fail(f"a non-streaming answer was a {completion.object!r}")
    if not completion.choices or not completion.choices[0].message.content:
        fail("the non-streaming answer had no content")

    try:
        client.chat.completions.create(
            model="no-such/model", messages=[{"role": "user", "content": "hi"}]
        )
        fail("a model outside the allowlist was answered")
    except openai.BadRequestError as error:
        if error.status_code != 400:
            fail(f"an unknown model got {error.status_code}, not 400")

    stranger = openai.OpenAI(base_url=base_url, api_key="not-a-token", max_retries=0)
    try:
        stranger.models.list()
        fail("a request without a valid token was answered")
    except openai.AuthenticationError:
        pass

    # The free allowance (KILN_FREE_MESSAGE_LIMIT in .ci/peer-tests) is spent by now: the
    # SDK sees OpenAI's 429 class, with Retry-After left to the server.
    try:
        for _ in range(int(os.environ.get("KILN_PEER_FREE_LIMIT", "3"))):
            client.chat.completions.create(
                model=model, messages=[{"role": "user", "content": "one more"}]
            )
        fail("messages past the free allowance were answered")
    except openai.RateLimitError as error:
        if error.response.headers.get("x-free-messages-remaining") != "0":
            fail("the 429 did not say that no free messages remain")

    print(f"openai peer: ok ({openai.__version__}; streamed, non-streamed, 400, 401, 429)")


if __name__ == "__main__":
    main()
