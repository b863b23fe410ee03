#!/usr/bin/env bash
# The fail-in-place study (issue 21): how every engine, ours and OpenSM 3.3.23's under ibsim,
# degrades as links and switches fail. Builds the project, then runs
# org.ibrouting.bench.FailInPlace with the given options (--help lists them; --full is the study
# at the paper's scale); writes benchmarks/RESULTS.md's fail-in-place section, the CSV and the
# SVG charts in benchmarks/results/. The default run takes about 30 min on a 2-core machine.
# Needs opensm, ibsim-utils and infiniband-diags (Debian); without them only our side runs.
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -B -q package -DskipTests
exec java ${FAIL_IN_PLACE_JAVA_OPTS:--Xmx4g} -cp benchmarks/target/benchmarks.jar org.ibrouting.bench.FailInPlace "$@"
