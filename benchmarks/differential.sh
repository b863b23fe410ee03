#!/usr/bin/env bash
# Differential check of two builds: routes the same fabrics with every engine (several settings,
# seeds 0 and 7, 1 and 2 threads) with OLD_JAR and NEW_JAR (shaded ibrouting.jar files, e.g. main's
# and yours) and compares the digests of the full LFT dumps and SL files line by line.
#   benchmarks/differential.sh OLD_JAR NEW_JAR [ENGINE_SPECS] [RANDOM_FABRICS]
# ENGINE_SPECS: 'engine[:name=value...];...' (default: every engine, nue with 1, 4 and 8 VLs).
# The fabrics: generated reference topologies (fat trees with LMC 0-1, an oversubscribed XGFT,
# tori, a mesh, a hypercube, a Dragonfly, a director chain) plus RANDOM_FABRICS Jellyfish
# fabrics of random size and seed (default 40), some with LMC 2. Exit status 0 when every line
# agrees, 1 when some differ (they are printed).
set -euo pipefail
old=$(realpath "$1")
new=$(realpath "$2")
specs=${3:-"minhop;updn;dnup;dor;lash;sssp;dfsssp;p2sssp;multiupdn;multiupdn:updn_trees=3:multiupdn_choice=load;ftree;nue;nue:nue_max_num_vls=4;nue:nue_max_num_vls=8:nue_include_switches=true;torus-2QoS"}
count=${4:-40}
cd "$(dirname "$0")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
gen() { java -jar "$new" generate "$@" --quiet; }
gen ktree 4 3 -o "$work/kt4_3.ibnd"
gen ktree 6 3 lmc=1 -o "$work/kt6_3_lmc1.ibnd"
gen ktree 8 3 -o "$work/kt8_3.ibnd"
gen xgft 2 16,12 1,8 -o "$work/xgft_oversub.ibnd"
gen torus 4,4 2 -o "$work/torus44.ibnd"
gen torus 3,3,3 1 -o "$work/torus333.ibnd"
gen mesh 4,3 2 -o "$work/mesh43.ibnd"
gen hypercube 5 2 -o "$work/cube5.ibnd"
gen dragonfly 4 2 2 -o "$work/df422.ibnd"
gen directors 3 24 12 8 30 radix=24 -o "$work/directors.ibnd"
for i in $(seq 1 "$count"); do
  switches=$((10 + RANDOM % 40))
  ports=$((3 + RANDOM % 6))
  # a random regular graph needs an even number of link ends (switches x ports)
  switches=$((switches + switches * ports % 2))
  hosts=$((1 + RANDOM % 3))
  lmc=$((i % 5 == 0 ? 2 : 0))
  gen jellyfish "$switches" "$ports" "$hosts" "$RANDOM" lmc=$lmc -o "$work/jf$i.ibnd" || true
done
digest=src/main/java/org/ibrouting/bench/RoutingDigest.java
java -Xmx4g -cp "$old" "$digest" "$specs" 0,7 1,2 "$work"/*.ibnd > "$work/old.txt"
java -Xmx4g -cp "$new" "$digest" "$specs" 0,7 1,2 "$work"/*.ibnd > "$work/new.txt"
if diff "$work/old.txt" "$work/new.txt"; then
  echo "identical: $(wc -l < "$work/new.txt") routings (fabrics x engines x seeds x threads)"
else
  exit 1
fi
