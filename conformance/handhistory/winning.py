"""Winning Poker Network (the 2016 client; Yatahay, True Poker): "Game started at:" text
histories, usually in UTF-16 with a byte-order mark (``open_history`` decodes it from the BOM).

The grammar below is the format. A hand starts ``Game started at: 2016/8/2 11:13:2``, then
``Game ID: 693975843 1/2 (PRR) La Llorona - 3 (Seven Cards Stud HiLow)``: the small and big
bet, the table (a Sit & Go: ``$2.20 Turbo Heads-up, Table 1``) and the game in parentheses
(``Seven Cards Stud HiLow``, ``Seven Cards Stud``, ``Omaha HiLow``, ``Hold'em``). Seats are
``Seat 5: ChazDazzle (10).``.

Every card is its own line, ``Player NAME received card: [6h]`` or ``received a card.``
(unseen), so a card's slot is how many the player has had. The street headers are numbered
one behind (``*** Third street ***`` opens fourth street, the first with a betting round
after the deal of third): the machine counts them (``street="next"``). Amounts in
parentheses are the chips the action adds (``bring in (0.40)``, ``calls (0.40)``, ``bets
(1)``, ``raises (2)``, ``allin (1120)``).

The summary states the pot *after* rake and jackpot fee (``Pot: 7.05. Rake 0.14. JP fee
0.06``) and, per player, ``Bets: 3.55. Collects: 3.53.``: ``Collects`` is what the player was
paid (the only payout line), ``Bets`` what they put in less an uncalled bet returned (checked
against the actions). The summary's ``shows: ... [cards]`` is the only place shown cards are
printed. Only one pot is stated.

Format facts from the public fpdb parser's definitions (WinningToFpdb.py, "version 1"
patterns: ``posts ante``, ``has small blind``, ``allin``, ``caps``, the summary lines) and the
corpus.
"""

from __future__ import annotations

from stud8.conformance.handhistory.grammar import Grammar, GrammarReader, Row

_N = r"\d[\d,]*(?:\.\d+)?"
_NAME = r"(?P<name>.+?)"
_WHO = r"(?P<who>.+?)"
_BETS = rf"\.?\s*Bets: (?P<claimed>{_N})\. Collects: (?P<amount>{_N})\. (?:Wins|Loses): {_N}\.?"

GRAMMAR = Grammar(
    name="winning",
    site="Winning Poker Network",
    start=r"^Game started at: \d{4}/",
    sniff_pattern=r"^Game started at: \d{4}/.*\n(?:\s*\n)*Game ID: \d+ ",
    sniff_lines=10,
    default_limit="fixed",
    complete_when=("pot",),
    rows=(
        # --- the header ------------------------------------------------------------------------
        Row("header", r"^Game started at: (?P<time>\d{4}/\d+/\d+ \d+:\d+:\d+)$", "Game started at: 2016/8/2 11:13:2",
            sections=("head",)),
        Row("header", rf"^Game ID: (?P<id>\d+) (?P<small>{_N})/(?P<big>{_N}) (?P<tournament>.+?), Table (?P<table>\d+) "
                      r"\((?P<game>[^()]*)\)(?: (?P<max>\d+)-max)?$",
            "Game ID: 695367612 10/20 $2.20 Turbo Heads-up, Table 1 (Hold'em)", sections=("head",)),
        Row("header", rf"^Game ID: (?P<id>\d+) (?P<small>{_N})/(?P<big>{_N}) (?P<table>.*?) \((?P<game>[^()]*)\)"
                      r"(?: (?P<max>\d+)-max)?$",
            "Game ID: 693975843 1/2 (PRR) La Llorona - 3 (Seven Cards Stud HiLow)", sections=("head",)),
        Row("ignore", r"^Seat \d+ is the button$", "Seat 6 is the button"),
        # --- seats -------------------------------------------------------------------------------
        Row("seat", rf"^Seat (?P<seat>\d+): {_NAME} \((?P<stack>{_N})\)\.?(?: is sitting out)?$",
            "Seat 5: ChazDazzle (10).", sections=("head", "seats")),
        # --- cards, streets and actions ----------------------------------------------------------
        Row("ante", rf"^Player {_NAME} (?:posts )?ante \((?P<amount>{_N})\)$", "Player ChazDazzle ante (0.15)"),
        Row("deal", rf"^Player {_NAME} received card: \[(?P<cards>[^\]]*)\]$", "Player ChazDazzle received card: [6h]",
            deal="one"),
        Row("deal", rf"^Player {_NAME} received a card\.$", "Player Nee received a card.", deal="one"),
        Row("street", r"^\*\*\* \w+ street \*\*\*$", "*** Third street ***", street="next"),
        Row("bring-in", rf"^Player {_NAME} bring in \((?P<amount>{_N})\)$", "Player ChazDazzle bring in (0.40)"),
        Row("bet", rf"^Player {_NAME} (?:bets|raises|caps|cap) \((?P<amount>{_N})\)$", "Player ChazDazzle raises (1)"),
        Row("call", rf"^Player {_NAME} calls \((?P<amount>{_N})\)$", "Player Nee calls (0.60)"),
        Row("all-in", rf"^Player {_NAME} allin \((?P<amount>{_N})\)$", "Player ChazDazzle allin (1120)"),
        Row("check", rf"^Player {_NAME} checks$", "Player ChazDazzle checks"),
        Row("fold", rf"^Player {_NAME} folds$", "Player Nee folds"),
        Row("return", rf"^Uncalled bet \((?P<amount>{_N})\) returned to {_NAME}$", "Uncalled bet (1) returned to ChazDazzle"),
        Row("muck", rf"^Player {_NAME} mucks cards$", "Player ChazDazzle mucks cards"),
        # --- the summary -------------------------------------------------------------------------
        Row("summary", r"^------ Summary ------$", "------ Summary ------"),
        Row("pot", rf"^Pot: (?P<total>{_N}?)\.?(?: Rake (?P<rake>{_N}?))?(?:\.? JP fee (?P<fees>{_N}?))?\.?$",
            "Pot: 7.05. Rake 0.14. JP fee 0.06", after_rake=True, sections=("summary",)),
        Row("collect", rf"^\*?Player {_NAME} shows: .*?(?P<cards>\[[^\]]*\])(?: Low hand \([^)]*\))?{_BETS}$",
            "*Player ChazDazzle shows: High card A [6h 10d 2c As 7d 4d 9s] Low hand (A A 2 4 6 7 ).Bets: 3.55. "
            "Collects: 3.53. Loses: 0.02.", claim="put-returned", also=("show", "claim"), sections=("summary",)),
        Row("collect", rf"^\*?Player {_NAME} (?:mucks(?: \(does not show cards\)| cards)?|does not show(?: cards)?){_BETS}$",
            "*Player ChazDazzle mucks (does not show cards). Bets: 0.55. Collects: 1.10. Wins: 0.55.",
            claim="put-returned", also=("claim",), sections=("summary",)),
        Row("end", r"^Game ended at: .*$", "Game ended at: 2016/8/2 11:13:46"),
        # --- what says nothing about the chips or cards ------------------------------------------
        Row("ignore", rf"^Player {_WHO} (?:is timed out|sitting out|is sitting out|returned|sits out|"
                      r"waits for big blind|is disconnected|is connected)\.?$",
            "Player Player1 is timed out."),
    ),
    other_games=(
        Row("ignore", rf"^Player {_WHO} (?:has (?:small|big) blind|posts|straddle) \({_N}\)$",
            "Player ChazDazzle has big blind (2)"),
        Row("ignore", r"^\*\*\* (?:FLOP|TURN|RIVER) \*\*\*:(?: .*)?$", "*** FLOP ***: [Jd 9c 3s]"),
        Row("ignore", r"^Board: \[[^\]]*\]$", "Board: [Jd 9c 3s 2h 7c]"),
    ),
)

READER = GrammarReader(GRAMMAR)
