#!/usr/bin/env bash
# The side-by-side comparison with OpenSM 3.3.23 (issue: reproduce it with one command).
# Builds the project, then runs org.ibrouting.bench.SideBySide with the given options
# (--help lists them); writes benchmarks/RESULTS.md's side-by-side section and benchmarks/results/.
# Needs opensm, ibsim-utils and infiniband-diags (Debian); without them only our side runs.
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -B -q package -DskipTests
exec java ${SIDE_BY_SIDE_JAVA_OPTS:--Xmx4g} -cp benchmarks/target/benchmarks.jar org.ibrouting.bench.SideBySide "$@"
