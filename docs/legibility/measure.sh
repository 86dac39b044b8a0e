#!/bin/sh
# every game (Usagi at 2 to 6 seats) at both sizes: the figures as JSON lines and a PNG each;
# more arguments go to each run (--text-size 150)
out=$1
shift
for size in 1280x720 1920x1080; do
  for g in shrine:2 shrines:2 sorcerer:2 shards:2 usagi:2 usagi:3 usagi:4 usagi:5 usagi:6; do
    game=${g%:*}; n=${g#*:}
    python3 -m shrinetable bench render --game $game --players $n --size $size --json --shot $out/$game-$n-$size.png "$@"
  done
done > $out/figures.jsonl
