#!/usr/bin/env bash
# The fail-in-place study (issues 21 and 44): how every engine, ours and OpenSM 3.3.23's under ibsim,
# degrades as links and switches fail. Builds the project, then runs
# org.ibrouting.bench.FailInPlace with the given options (--help lists them; --full is the study
# at the paper's scale, --fat-trees issue 44's study of fat trees with best); writes
# benchmarks/RESULTS.md's section, the detail tables (NAME.md), the CSV and the SVG charts in
# benchmarks/results/. The default run takes about 30 min on a 2-core machine.
# --shard I/N runs one slice of the study and writes its rows to --shard-dir (default
# benchmarks/target/fail-in-place-shards); --merge DIR writes the outputs of all slices: see
# benchmarks/fail-in-place.sbatch for a Slurm array. FAIL_IN_PLACE_NO_BUILD=1 skips the build (a
# shard on a batch node runs the jar built once beforehand).
# Needs opensm, ibsim-utils and infiniband-diags (Debian); without them only our side runs.
set -euo pipefail
cd "$(dirname "$0")/.."
jar=benchmarks/target/benchmarks.jar
if [ -z "${FAIL_IN_PLACE_NO_BUILD:-}" ]; then
  mvn -B -q package -DskipTests
elif [ ! -f "$jar" ]; then
  echo "fail-in-place.sh: $jar is missing: build it first (mvn -B -q package -DskipTests)" >&2
  exit 2
fi
exec java ${FAIL_IN_PLACE_JAVA_OPTS:--Xmx4g} -cp "$jar" org.ibrouting.bench.FailInPlace "$@"
