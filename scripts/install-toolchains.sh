#!/usr/bin/env bash
# Install the real toolchains that the technical gate and the toolchain tests use
# (Debian packages). Needs root. Idempotent: skips what is already installed.
set -euo pipefail
packages=(
  texlive-latex-base texlive-latex-recommended texlive-latex-extra
  texlive-pictures texlive-luatex texlive-fonts-recommended lmodern
  dvisvgm asymptote librsvg2-bin bubblewrap ghostscript poppler-utils
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-toolchains: all ${#packages[@]} packages already installed"
  exit 0
fi
echo "install-toolchains: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "install-toolchains: done"
