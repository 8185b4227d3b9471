#!/bin/sh
# Throwaway: a detached checkout of commit $2 at $1 whose regionResults records each raw per-region value.
set -e
rm -rf "$1"; git -C /work/wt/tidy13 worktree add --detach "$1" "$2" >/dev/null 2>&1 || { git -C /work/wt/tidy13 worktree prune; git -C /work/wt/tidy13 worktree add --detach "$1" "$2"; }
ln -s /work/wt/tidy13/node_modules "$1/node_modules"; mkdir -p "$1/models"; cp -r /work/wt/tidy13/models/generated "$1/models/"
f="$1/functions/analysis/skin/region-results.ts"
grep -q "const put = (marker: MarkerName, part: ResultRegion, value: number) => {" "$f"
sed -i 's|const put = (marker: MarkerName, part: ResultRegion, value: number) => {|&\n    (globalThis as { __regionRaw?: [string, string, number][] }).__regionRaw?.push([marker, part, value]);|' "$f"
