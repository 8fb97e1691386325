#!/bin/sh
# Smoke test, as on a small device: each game played from a notation file
# through a pipe, its exit status and a few lines of its output checked.
# Strict POSIX sh, and no tool BusyBox lacks, so that .ci/run can run it with
# `busybox sh` and a PATH holding only BusyBox's applets and python3.
#
#     sh tests/smoke.sh                 # python3 from the PATH
#     PYTHON=python3.6 sh tests/smoke.sh
#
# Prints a line per check and exits 1 if any failed.
set -u
cd "$(dirname "$0")/.." || exit 1
PYTHON=${PYTHON:-python3}
failed=0
checks=0
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM

# same WHAT EXPECTED GOT: one check.
same() {
    checks=$((checks + 1))
    if [ "$2" = "$3" ]; then
        echo "ok    $1"
    else
        echo "FAIL  $1"
        echo "      expected: $2"
        echo "      got:      $3"
        failed=$((failed + 1))
    fi
}

# last FILE: the last line of FILE.
last() {
    tail -n 1 "$1"
}

# ---- FreeCell: the solver's answer piped back into the game wins; so does
# fc-solve's saved solution; a bad move is refused on stderr, naming its line.
"$PYTHON" freecell.py -g 1 --solve > "$work/solution"
same "freecell --solve: exit status" 0 $?
same "freecell --solve: verdict" "# FreeCell game 1: solved" "$(last "$work/solution" | cut -d, -f1 | cut -d' ' -f1-5)"
"$PYTHON" freecell.py -g 1 --solve | "$PYTHON" freecell.py -g 1 -q > "$work/out"
same "freecell --solve | freecell -q: exit status" 0 $?
same "freecell --solve | freecell -q: result" "Won in 62 moves." "$(last "$work/out")"
"$PYTHON" freecell.py -g 1 -q --no-autoplay < tests/freecell-deal1.fcs > "$work/out"
same "freecell < freecell-deal1.fcs: exit status" 0 $?
same "freecell < freecell-deal1.fcs: result" "Won in 115 moves." "$(last "$work/out")"
printf '3a 32\n9x\n' | "$PYTHON" freecell.py -g 1 -q -m > "$work/out" 2> "$work/err"
same "freecell, a bad move: exit status" 1 $?
same "freecell, a bad move: message" "freecell: line 2: 9x: no column 9" "$(cat "$work/err")"
same "freecell, a bad move: the game goes on" "Not won: 0 cards home after 2 moves." "$(last "$work/out")"
printf '3a 32\n' | "$PYTHON" freecell.py -g 1 -q -m --ascii > "$work/out"
same "freecell, the board after two moves: title" "FreeCell game 1              move 2" "$(head -n 1 "$work/out")"
same "freecell, the board after two moves: cells" " 2H  ..  ..  ..      ..  ..  ..  .." "$(sed -n 3p "$work/out")"

# ---- Klondike: a saved game replays; a game's history piped back in
# replays to the same board; Klondike-Solver's deck string round trip.
"$PYTHON" klondike.py -g 101 -q -m < tests/klondike-101.moves > "$work/out"
same "klondike < klondike-101.moves: exit status" 0 $?
same "klondike < klondike-101.moves: moves left" "moves: 6D 7C, 7C 8D, 3D 4S, AD 2C, t" "$(last "$work/out")"
printf '2C 3D, 5S 6D\nt t\nhistory\n' | "$PYTHON" klondike.py -g 101 -q -m --ascii > "$work/played"
same "klondike, a history: exit status" 0 $?
sed -n '/^# klondike.py/,/^game /p' "$work/played" | sed '$d' > "$work/history"
same "klondike, a history: its first line" "# klondike.py -g 101 --draw 3" "$(head -n 1 "$work/history")"
"$PYTHON" klondike.py -g 101 -q -m --ascii < "$work/history" > "$work/replayed"
same "klondike, the history replayed: exit status" 0 $?
sed -n '/^game /,$p' "$work/played" > "$work/board"
same "klondike, the history replayed: the same board" "$(cat "$work/board")" "$(cat "$work/replayed")"
deck=$("$PYTHON" klondike.py -g 7 --export)
same "klondike --export: a deck of 156 digits" 156 "$(printf '%s' "$deck" | tr -d '\n' | wc -c | tr -d ' ')"
same "klondike --deck: the same deck back" "$deck" "$("$PYTHON" klondike.py --deck "$deck" --export)"
printf '9C 9D\n' | "$PYTHON" klondike.py -g 1 -q -m > /dev/null 2> "$work/err"
same "klondike, a bad move: exit status" 1 $?
same "klondike, a bad move: message" "klondike: line 1: 9C 9D: 9C is in the stock" "$(cat "$work/err")"

# ---- Pousse: a contest record replays to its end; a history replays; the
# contest robot answers with a move; the machine plays itself to the end.
printf '(3 L1 R3 L1 R3 T3)\n' | "$PYTHON" pousse.py --machine none -m > "$work/out"
same "pousse < a record: exit status" 0 $?
same "pousse < a record: the end" "X wins at move 5: 1 straight to 0." "$(last "$work/out")"
printf 'L1 R3 T2\nhistory\n' | "$PYTHON" pousse.py --machine none -n 4 -m > "$work/out"
same "pousse, a history" "(4 L1 R3 T2)" "$(last "$work/out")"
printf '6\nL3\nT4\n' | "$PYTHON" pousse.py --icfp --level easy --seed 1 > "$work/out"
same "pousse --icfp: exit status" 0 $?
same "pousse --icfp: a move" 1 "$(grep -c '^[LRTB][1-6]$' "$work/out")"
"$PYTHON" pousse.py --self --level easy --seed 1 -n 4 -m > "$work/out"
same "pousse --self: exit status" 0 $?
same "pousse --self: an end" 1 "$(grep -c ' wins at move ' "$work/out")"
same "pousse --self: its record" 1 "$(last "$work/out" | grep -c '^(4 [LRTB]')"
printf 'L1\nL9\n' | "$PYTHON" pousse.py --machine none -m > /dev/null 2> "$work/err"
same "pousse, a bad move: exit status" 1 $?
same "pousse, a bad move: message" "pousse: line 2: L9: no row 9 on a 6 x 6 board" "$(cat "$work/err")"

# ---- Medici: the D article's deck converges; chains found by --find pipe
# back in and converge; a chain with a card twice is refused.
printf '%s\n' "Ad Ah As Ac Kd Kh Ks Kc Qd Qh Qs Qc Jd Jh Js Jc 10d 10h 10s 10c 9d 9h 9s 9c 8d 8h 8s 8c 7d 7h 7s 7c 6d 6h 6s 6c" \
    | "$PYTHON" medici.py --brief --ascii > "$work/out"
same "medici < the article's deck: exit status" 0 $?
same "medici < the article's deck: converges" 1 "$(grep -c '# converges$' "$work/out")"
"$PYTHON" medici.py --find --target AH --min-efficiency 10 -g 1 --count 2 --ascii > "$work/found"
same "medici --find: exit status" 0 $?
"$PYTHON" medici.py --brief --ascii < "$work/found" > "$work/out"
same "medici --find | medici: exit status" 0 $?
same "medici --find | medici: both converge" 2 "$(grep -c '# converges$' "$work/out")"
printf '%s\n' "Ad Ad As Ac Kd Kh Ks Kc Qd Qh Qs Qc Jd Jh Js Jc 10d 10h 10s 10c 9d 9h 9s 9c 8d 8h 8s 8c 7d 7h 7s 7c 6d 6h 6s 6c" \
    | "$PYTHON" medici.py --brief --ascii > /dev/null 2> "$work/err"
same "medici, a card twice: exit status" 1 $?
# (the suits of messages are symbols or letters, as standard error can show them)
same "medici, a card twice: message" 1 "$(grep -c '^medici: line 1: A.* twice; A.* missing$' "$work/err")"

echo "$checks checks, $failed failed"
[ "$failed" -eq 0 ]
