#!/usr/bin/env bash
# The daily-driver tasks of issue 21, run with kiln and, beside it, Simon Willison's `llm`,
# against the same local OpenAI-compatible model server (kiln-bench's `proxy-upstream`, a
# fast fake that streams 20 chunks). Prints each task's exit status, wall time and first
# line of output, so the two can be compared by eye.
#
#   docs/side-by-side.sh            # kiln only
#   docs/side-by-side.sh --with-llm # also `llm`, installed into a virtual environment here
#
# Uses the binaries of `swift build` (debug) unless KILN_BUILD=release; nothing is written
# outside a temporary folder (and .build/side-by-side-venv for llm).
set -euo pipefail
cd "$(dirname "$0")/.."

with_llm=0
[ "${1:-}" = "--with-llm" ] && with_llm=1
configuration="${KILN_BUILD:-debug}"
swift build -c "$configuration" --product kiln >/dev/null
swift build -c "$configuration" --product kiln-bench >/dev/null
bin="$(swift build -c "$configuration" --show-bin-path)"

work="$(mktemp -d)"
upstream_pid=""
cleanup() {
  [ -n "$upstream_pid" ] && kill "$upstream_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

"$bin/kiln-bench" proxy-upstream --chunks 20 --event-loops 1 >"$work/upstream.out" 2>&1 &
upstream_pid=$!
for _ in $(seq 1 100); do
  port="$(sed -n "s/^listening \([0-9]*\).*/\1/p" "$work/upstream.out" | head -1)"
  [ -n "$port" ] && break
  sleep 0.05
done
[ -n "${port:-}" ] || { echo "the model server did not start" >&2; cat "$work/upstream.out" >&2; exit 1; }
base="http://127.0.0.1:$port/v1"

export HOME="$work/home" KILN_HOME="$work/kiln" XDG_CONFIG_HOME="$work/config"
export OPENAI_BASE_URL="$base" OPENAI_API_KEY="sk-side-by-side" KILN_MODEL="bench-model"
mkdir -p "$HOME"

if [ "$with_llm" = 1 ]; then
  venv=".build/side-by-side-venv"
  [ -x "$venv/bin/llm" ] || { python3 -m venv "$venv" && "$venv/bin/pip" install --quiet llm; }
  export LLM_USER_PATH="$work/llm"
  mkdir -p "$LLM_USER_PATH"
  printf -- '- model_id: bench\n  model_name: bench-model\n  api_base: "%s"\n' "$base" \
    >"$LLM_USER_PATH/extra-openai-models.yaml"
  printf -- '- model_id: down\n  model_name: bench-model\n  api_base: "%s"\n' \
    "http://127.0.0.1:9/v1" >>"$LLM_USER_PATH/extra-openai-models.yaml"
  llm="$venv/bin/llm"
fi

# One task: its name, then the command; stdin comes from the caller.
run() {
  local name="$1"
  shift
  local started ended status
  started=$(date +%s%N)
  set +e
  "$@" >"$work/out" 2>"$work/err"
  status=$?
  set -e
  ended=$(date +%s%N)
  printf '%-28s exit %-3s %6.1f ms  %s\n' "$name" "$status" \
    "$(echo "($ended - $started) / 1000000" | bc -l)" \
    "$(head -c 70 "$work/out" | head -1)$(head -c 70 "$work/err" | head -1 | sed 's/^/  stderr: /')"
}

echo "== kiln ($configuration) against $base"
run "one-shot" "$bin/kiln" ask "what is 2+2"
printf 'line one\nline two\n' | run "piped after the question" "$bin/kiln" ask "Summarize:"
run "JSON" "$bin/kiln" ask --json "what is 2+2"
run "continue (-c)" "$bin/kiln" ask -c "and 3+3?"
run "list" "$bin/kiln" chats --limit 5
run "search" "$bin/kiln" search "2+2"
id="$("$bin/kiln" chats --json | python3 -c 'import json,sys; print(json.load(sys.stdin)[0]["id"])')"
run "show" "$bin/kiln" show "$id"
run "export" "$bin/kiln" export
OPENAI_BASE_URL="http://127.0.0.1:9/v1" run "error: server down" "$bin/kiln" ask "hello"

if [ "$with_llm" = 1 ]; then
  echo "== llm $("$llm" --version | awk '{print $NF}') against $base"
  run "one-shot" "$llm" -m bench "what is 2+2"
  printf 'line one\nline two\n' | run "piped after the question" "$llm" -m bench "Summarize:"
  run "JSON" "$llm" logs --json -n 1
  run "continue (-c)" "$llm" -c "and 3+3?"
  run "list" "$llm" logs -n 5
  run "search" "$llm" logs -q "2+2"
  cid="$("$llm" logs --json -n 1 | python3 -c 'import json,sys; print(json.load(sys.stdin)[0]["conversation_id"])')"
  run "show" "$llm" logs --cid "$cid"
  run "export" "$llm" logs --json
  run "error: server down" "$llm" -m down "hello"
fi
