#!/usr/bin/env bash
# Issue 44's engine-choice goals as a user meets them: bin/ibrouting advise --json in a fresh
# process on every reference fabric of the side-by-side comparison, timed whole; the choice's
# Lambda against the best deadlock-free engine's. Builds the project, then runs
# org.ibrouting.bench.AdviseRun (--fabrics 'SPEC;SPEC...', --runs N); writes benchmarks/RESULTS.md's
# engine-choice section and benchmarks/results/advise.csv. About 3 minutes on a 2-core machine.
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -B -q package -DskipTests
exec java -Xmx2g -cp benchmarks/target/benchmarks.jar org.ibrouting.bench.AdviseRun "$@"
