#!/bin/sh
# Installs the nimlab Python package from this clone into a virtual
# environment on Debian's Python, with the nimlab command built into it, and
# registers the Jupyter kernel "nimlab" that runs it.
#
#   python/install.sh            # the venv in .venv at the root of the clone
#   VENV=/path/to/venv python/install.sh
#
# It needs Debian's python3-venv, python3-pip, python3-setuptools,
# python3-wheel and python3-pandas (python3-matplotlib for Game.plot(ax=...);
# for Jupyter python3-ipykernel and
# jupyter-nbconvert), and Go 1.26 or later to build the command; it says
# what is missing. No package index is used: the venv sees Debian's packages.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
python=${PYTHON:-/usr/bin/python3}
venv=${VENV:-$root/.venv}

if ! "$python" -c 'import venv, ensurepip, setuptools, wheel, pandas' 2>/dev/null; then
  echo "install.sh: $python lacks Debian's packages for the nimlab package; as root run:" >&2
  echo "  apt-get install python3-venv python3-pip python3-setuptools python3-wheel python3-pandas python3-matplotlib python3-ipykernel jupyter-nbconvert" >&2
  exit 1
fi
if [ ! -x "$venv/bin/python" ]; then
  "$python" -m venv --system-site-packages "$venv"
fi
# In-tree build: setup.py builds the nimlab command with go into the package.
"$venv/bin/python" -m pip install --quiet --no-index --no-build-isolation --no-deps "$root/python"
"$venv/bin/python" -c 'import nimlab; path, how = nimlab.command(); print("nimlab package installed in '"$venv"'; its command: %s (%s)" % (path, how))'
if "$venv/bin/python" -c 'import ipykernel' 2>/dev/null; then
  # In the venv, as "nimlab" (what its own jupyter finds first with
  # JUPYTER_PATH set to it, as the tests do), and for the user (what Debian's
  # jupyter finds). A user kernel "nimlab" of another clone is left as it
  # is: this clone's is then named after its folder.
  "$venv/bin/python" -Xfrozen_modules=off -m ipykernel install --prefix="$venv" --name nimlab --display-name "Python 3 (nimlab)" >/dev/null
  name=nimlab display="Python 3 (nimlab)"
  user_kernel="${JUPYTER_DATA_DIR:-$HOME/.local/share/jupyter}/kernels/nimlab/kernel.json"
  if [ -f "$user_kernel" ] && ! grep -qF "\"$venv/bin/python\"" "$user_kernel"; then
    clone=$(basename "$root" | tr -c 'A-Za-z0-9_.\n-' '-')
    name="nimlab-$clone" display="Python 3 (nimlab: $clone)"
    echo "a Jupyter kernel \"nimlab\" of another clone is installed for this user: this clone's is \"$name\""
  fi
  "$venv/bin/python" -Xfrozen_modules=off -m ipykernel install --user --name "$name" --display-name "$display" >/dev/null
  echo "Jupyter kernel \"$name\" installed: choose \"$display\" in Jupyter (it runs $venv/bin/python)"
else
  echo "no Jupyter kernel installed (Debian's python3-ipykernel is missing)"
fi
