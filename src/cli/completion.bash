# The logic of rtlens's bash completion. It follows what completion.c
# writes from rtlens's tables (_rtlens_first, _rtlens_tools, _rtlens_modes,
# _rtlens_mode, _rtlens_default, _rtlens_spec, _rtlens_choices); make joins
# the two into build/completion/rtlens.bash. Plain bash 4: bash-completion
# loads it, and is not needed.

# _rtlens_has WORD LIST...: is WORD one of LIST?
_rtlens_has()
{
	local word=$1 w

	shift
	for w; do
		[[ $w == "$word" ]] && return 0
	done
	return 1
}

# _rtlens_offer WORDS CUR: those of WORDS that start with CUR
_rtlens_offer()
{
	mapfile -t COMPREPLY < <(compgen -W "$1" -- "$2")
}

# _rtlens_offer_files CUR: the files and directories that start with CUR
_rtlens_offer_files()
{
	compopt -o filenames 2>/dev/null
	mapfile -t COMPREPLY < <(compgen -f -- "$1")
}

# The value of option PREV: a file, one of a few words, or nothing to offer
# (a number, a CPU list). 1 when PREV takes no value before CUR.
_rtlens_value_of()
{
	local cmd=$1 prev=$2 cur=$3 choices

	if _rtlens_has "$prev" $_rtlens_maybe; then
		# -t FILE, or an option: the value is the next word if it is no option
		[[ $cur == -* ]] && return 1
	elif ! _rtlens_has "$prev" $_rtlens_value; then
		return 1
	fi
	if _rtlens_has "$prev" $_rtlens_files; then
		_rtlens_offer_files "$cur"
	elif choices=$(_rtlens_choices "$cmd" "$prev") && [[ $choices ]]; then
		_rtlens_offer "$choices" "$cur"
	fi
	return 0
}

_rtlens()
{
	local cword=$COMP_CWORD cur=${COMP_WORDS[COMP_CWORD]} prev='' tool at cmd mode modes
	local _rtlens_opts _rtlens_value _rtlens_maybe _rtlens_files _rtlens_operands

	COMPREPLY=()
	((cword > 0)) && prev=${COMP_WORDS[cword - 1]}
	# --name=VALUE: bash cuts the word at the '=' (COMP_WORDBREAKS)
	if [[ $cur == = ]]; then
		cur=''
	elif [[ $prev == = ]] && ((cword > 1)); then
		prev=${COMP_WORDS[cword - 2]}
	fi

	# the command: "rtlens TOOL [MODE]", "rtlens check", or a link's "TOOL [MODE]"
	tool=${COMP_WORDS[0]##*/}
	at=1
	if ! _rtlens_has "$tool" $_rtlens_tools; then
		if ((cword == 1)); then
			_rtlens_offer "$_rtlens_first -h --help -V --version" "$cur"
			return 0
		fi
		tool=${COMP_WORDS[1]}
		at=2
	fi
	cmd=$(_rtlens_default "$tool")
	[[ $cmd ]] || return 0
	if ((cword == at)); then
		modes=$(_rtlens_modes "$tool")
		if [[ $modes && $cur != -* ]]; then
			_rtlens_offer "$modes" "$cur"
			return 0
		fi
	elif mode=$(_rtlens_mode "$tool" "${COMP_WORDS[at]}") && [[ $mode ]]; then
		cmd=$mode
	fi

	_rtlens_spec "$cmd" || return 0
	_rtlens_value_of "$cmd" "$prev" "$cur" && return 0
	if [[ $cur == -* || -z $_rtlens_operands ]]; then
		_rtlens_offer "$_rtlens_opts" "$cur"
	else
		_rtlens_offer_files "$cur"
	fi
	return 0
}

complete -F _rtlens rtlens

# rtla's names where they are rtlens (make install's links, or the Debian
# package's /usr/lib/rtlens/bin in PATH); rtla's own osnoise and timerlat
# keep their completion
_rtlens_is_rtlens()
{
	local path

	path=$(type -P "$1") && [[ $(readlink -f "$path") == */rtlens ]]
}

for _rtlens_name in $_rtlens_tools; do
	_rtlens_is_rtlens "$_rtlens_name" && complete -F _rtlens "$_rtlens_name"
done
unset _rtlens_name
