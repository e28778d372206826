#!/bin/sh
# Fetches other projects' real files for the tests in test/real-files (see its README). They
# are not committed: several are GPL or carry no licence of their own. Needs git and network.
#
#   scripts/fetch-real-files.sh [DEST]      (default: ../real-files beside this checkout,
#                                            or $SANDTABLE_REAL_FILES)
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
dest=${1:-${SANDTABLE_REAL_FILES:-$here/../real-files}}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$dest"

# sparse REPO DIR PATH… : a shallow clone holding only PATH…
sparse() {
  repo=$1
  dir=$2
  shift 2
  git clone --quiet --depth 1 --filter=blob:none --sparse "https://github.com/$repo" "$tmp/$dir"
  git -C "$tmp/$dir" sparse-checkout set "$@"
}

sparse Rails-18xx/Rails rails src/main/resources/data src/main/resources/tiles/svg
rm -rf "$dest/rails" && mkdir -p "$dest/rails/tiles" && cp -R "$tmp/rails/src/main/resources/data" "$dest/rails/data"
cp -R "$tmp/rails/src/main/resources/tiles/svg" "$dest/rails/tiles/svg"

sparse mapeditor/tiled tiled examples tests
rm -rf "$dest/tiled" && mkdir -p "$dest/tiled" && cp -R "$tmp/tiled/examples" "$tmp/tiled/tests" "$dest/tiled/"

sparse wesnoth/wesnoth wesnoth data/multiplayer/maps
rm -rf "$dest/wesnoth" && mkdir -p "$dest/wesnoth" && cp -R "$tmp/wesnoth/data/multiplayer/maps" "$dest/wesnoth/multiplayer"

# Scenario add-ons' maps with roads (Wesnoth's own multiplayer maps have few).
git clone --quiet --depth 1 https://github.com/Sventimir/wesnoth-scenarios "$tmp/wesnoth-umc"
rm -rf "$dest/wesnoth-umc" && mkdir -p "$dest/wesnoth-umc"
find "$tmp/wesnoth-umc" -path '*/maps/*.map' -size +0 | while read -r f; do cp "$f" "$dest/wesnoth-umc/$(echo "${f#"$tmp"/wesnoth-umc/}" | tr '/' '_')"; done

sparse tobymao/18xx 18xx lib/engine/config lib/engine/game
rm -rf "$dest/18xx-games" && mkdir -p "$dest/18xx-games/config"
cp "$tmp/18xx/lib/engine/config/tile.rb" "$dest/18xx-games/config/"
for g in "$tmp"/18xx/lib/engine/game/g_*; do
  for f in map.rb tiles.rb; do
    if [ -f "$g/$f" ]; then mkdir -p "$dest/18xx-games/$(basename "$g")" && cp "$g/$f" "$dest/18xx-games/$(basename "$g")/"; fi
  done
done
echo "real files in $dest; run the tests with SANDTABLE_REAL_FILES=$dest npx vitest run test/real-files"
