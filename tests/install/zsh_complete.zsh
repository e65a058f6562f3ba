# Completes one command line in an interactive zsh, as TAB would, and prints the candidates,
# one a line, sorted. Usage: zsh -f zsh_complete.zsh FPATH_DIR 'pgnkit check --for' [CWD]
# An interactive zsh runs under zsh/zpty with compinit and FPATH_DIR on its fpath; compadd is
# wrapped to print what each completion function adds (not the -O/-A/-D calls that only ask
# what would match), and a post-completion hook prints an end marker and exits. The markers
# are written as "<<""M" so that the terminal's echo of the definitions does not contain them.
zmodload zsh/zpty 2>/dev/null || exit 3
zpty z zsh -f -i
zpty -w z "PROMPT=''; fpath=($1 \$fpath); autoload -Uz compinit; compinit -u -D"
zpty -w z 'zstyle ":completion:*" list-grouped false; zstyle ":completion:*" insert-tab false'
zpty -w z 'compadd() { if [[ " $* " == *" -"[OAD]" "* ]]; then builtin compadd "$@"; return; fi; local -a m; builtin compadd -O m "$@"; print -rl -- "" ${^m}"<<""M"; builtin compadd "$@"; }'
zpty -w z 'comppostfuncs=(end_marker); end_marker() { print -r -- "" "<<""END"; exit }'
[[ -n $3 ]] && zpty -w z "cd ${(q)3}"
zpty -w -n z "$2"$'\t'
out=
integer waits=0
while (( waits < 200 )); do  # at most ~10 s
  if zpty -r -t z line; then out+=$line; else (( waits++ )); sleep 0.05; fi
  [[ $out == *"<<END"* ]] && break
done
zpty -d z
[[ $out == *"<<END"* ]] || exit 4
print -r -- "$out" | tr -d '\r' | grep -a -o '^[^ ]*<<M' | sed 's/<<M$//' | sort -u
