#!/usr/bin/env bash
# The side-by-side comparison with OpenSM 3.3.23 (issue: reproduce it with one command).
# Builds the project, then runs org.ibrouting.bench.SideBySide with the given options
# (--help lists them; --from-csv rebuilds the report from the committed CSVs); writes
# benchmarks/RESULTS.md's side-by-side section and benchmarks/results/ (side-by-side.md, CSVs, charts);
# with --scale also org.ibrouting.bench.CostModel, which writes the cost-model section (not after
# --from-csv, which measures nothing: CostModel --memory ... --lambda-seconds S prices it again).
# Needs opensm, ibsim-utils and infiniband-diags (Debian); without them only our side runs.
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -B -q package -DskipTests
java ${SIDE_BY_SIDE_JAVA_OPTS:--Xmx4g} -cp benchmarks/target/benchmarks.jar org.ibrouting.bench.SideBySide "$@"
# with --scale, also the cost model (memory baseline by JMH, Λ, the scale run's times) after it
for arg in "$@"; do
  if [ "$arg" = --from-csv ]; then
    exit 0
  fi
done
for arg in "$@"; do
  if [ "$arg" = --scale ]; then
    exec java -Xmx6g -cp benchmarks/target/benchmarks.jar org.ibrouting.bench.CostModel
  fi
done
