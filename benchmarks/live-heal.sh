#!/usr/bin/env bash
# The failure timeline on a running fabric against OpenSM 3.3.23 (issue 43): per fabric, a cable
# cut, the cable back and a failed switch, healed by OpenSM's own engines and by ibrouting serve
# beside an OpenSM that runs our deployment (org.ibrouting.bench.LiveHeal). Arguments name the
# fabrics (torus, ktree16, jellyfish; all without); writes benchmarks/results/live-heal.csv and
# prints a Markdown table. Needs opensm, ibsim-utils and infiniband-diags (Debian).
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -B -q package -DskipTests
exec java ${LIVE_HEAL_JAVA_OPTS:--Xmx6g} -cp benchmarks/target/benchmarks.jar org.ibrouting.bench.LiveHeal "$@"
