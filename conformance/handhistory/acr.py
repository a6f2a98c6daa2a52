"""Americas Cardroom and the Winning Poker Network's 2019+ client ("Hand #N - ") text histories.

The grammar below is the format. A hand starts ``Hand #ID - GAME - $S/$B - DATE UTC`` (cash)
or ``Game Hand #ID - Tournament #N - GAME - Level L (S/B)- DATE UTC``; the game is written
``7Stud H/L(Fixed Limit)``, ``7Stud(Fixed Limit)``, ``Omaha H/L(Pot Limit)``, ``Holdem(No
Limit)``. The next line names the table and its size (``Crainville 8-max``, ``Table '1'
9-max Seat #3 is the button``, ``Blitz Poker 6-max ...``).

Amounts: ``posts ante``, ``brings in``, ``calls``, ``bets``: the chips added; ``raises $A to
$T``: ``T`` the total on the street (the completion of a bring-in is written as a raise);
``and is all-in`` marks an all-in. Cards: ``Dealt to NAME [...] [NEW]``, the last group the
street's cards; ``shows [seven cards]`` in the order dealt.

The pots are printed at every street after the rake taken so far (``Main pot $2.12 | Rake
$0.09``): only those printed at the showdown are the pots paid (``Main pot $8.36 | Rake
$0.10``, ``Side pot(1) $0.60 | Rake $0.00``), and a pot's "rake" there includes the jackpot
fee, which only the summary separates (``Total pot $8.96 | Rake $0.08 | JP Fee $0.02``, the
total being what was paid out). ``collected $X from main pot`` / ``from side pot-N`` pay
each pot; a hand won without a showdown has no collect line, only the summary's ``did not
show and won $X`` (the site writes one or the other, never both: a summary line restating a
collect is checked against it).

Format facts from the public fpdb parser's definitions (WinningToFpdb.py, its "version 2"
patterns: headers, ``brings in low``, ``posts dead``, ``caps``, ``mucked ... and lost``) and
the corpus in ``shared/site-hands``.
"""

from __future__ import annotations

from stud8.conformance.handhistory.grammar import MONEY, Grammar, GrammarReader, Row

_M = MONEY
_NAME = r"(?P<name>.+?)"
_WHO = r"(?P<who>.+?)"
_ALL_IN = r"(?: and is all-in)?"
_MARKS = r"(?: \((?:button|small blind|big blind|dealer)\))*"

GRAMMAR = Grammar(
    name="acr",
    site="Americas Cardroom",
    start=r"^(?:Game )?Hand #\d+ - ",
    streets={"3rd": 3, "4th": 4, "5th": 5, "6th": 6, "7th": 7},
    rows=(
        # --- the header ------------------------------------------------------------------------
        Row("header", rf"^Hand #(?P<id>\d+) - (?P<game>.+?) - \(?(?P<small>{_M})/(?P<big>{_M})\)?\s?- "
                      r"(?P<time>\d{4}/\d\d/\d\d[- ]+\d\d?:\d\d:\d\d.*)$",
            "Hand #1903647457 - 7Stud H/L(Fixed Limit) - $0.10/$0.20 - 2023/10/22 02:49:52 UTC",
            sections=("head",)),
        Row("header", r"^(?:Game )?Hand #(?P<id>\d+) - (?:[$\d.,K]+ GTD )?Tournament #(?P<tournament>\d+) - "
                      rf"(?P<game>.+?) - (?:Level (?P<level>[IVXLC\d]+) )?\(?(?P<small>{_M})/(?P<big>{_M})\)?\s*- "
                      r"(?P<time>\d{4}/\d\d/\d\d[- ]+\d\d?:\d\d:\d\d.*)$",
            "Game Hand #82980175 - Tournament #11212445 - Omaha H/L(Pot Limit) - Level 1 (250.00/500.00)- "
            "2019/07/25 02:31:33 UTC", sections=("head",)),
        Row("header", r"^Table '(?P<table>[^']*)' (?P<max>\d+)-max(?: \(Play Money\))?(?: Seat #\d+ is the button)?$",
            "Table '1' 9-max Seat #3 is the button", sections=("head",)),
        Row("header", r"^(?P<table>.+?) (?P<max>\d+)-max(?: \(Play Money\))?(?: Seat #\d+ is the button)?$",
            "Crainville 8-max", sections=("head",)),
        # --- seats -------------------------------------------------------------------------------
        Row("seat", rf"^Seat (?P<seat>\d+): {_NAME} \((?P<stack>{_M})\)(?: is sitting out)?$",
            "Seat 1: AzRic ($14.47)", sections=("head", "seats")),
        # --- streets, cards and actions ----------------------------------------------------------
        Row("street", r"^\*\*\* (?P<street>\d(?:rd|th)) STREET \*\*\*$", "*** 3rd STREET ***"),
        Row("ignore", rf"^(?:Main pot|Side pot\(\d+\)) {_M}(?: \| Rake {_M})?$", "Main pot $2.12 | Rake $0.09",
            sections=("play",)),
        Row("deal", rf"^Dealt to {_NAME} (?P<cards>(?:\[[^\]]*\] ?)+)$", "Dealt to AzRic [8s 5s] [7s]"),
        Row("ante", rf"^{_NAME} posts ante (?P<amount>{_M}){_ALL_IN}$", "KickShorty posts ante $0.02"),
        Row("bring-in", rf"^{_NAME} brings[- ]in(?: low)? (?P<amount>{_M}){_ALL_IN}$", "cleaver52 brings in $0.05"),
        Row("bet", rf"^{_NAME} bets (?P<amount>{_M}){_ALL_IN}$", "MasterChief24 bets $0.10"),
        Row("raise", rf"^{_NAME} raises (?P<amount>{_M}) to (?P<to>{_M}){_ALL_IN}$", "brady888 raises $0.20 to $0.30",
            amount="to"),
        Row("raise", rf"^{_NAME} caps? (?P<amount>{_M}) to (?P<to>{_M}){_ALL_IN}$", "brady888 caps $0.20 to $0.40",
            amount="to", source="fpdb WinningToFpdb.py re_Action2 (caps, cap)"),
        Row("call", rf"^{_NAME} calls (?P<amount>{_M}){_ALL_IN}$", "MasterChief24 calls $0.05 and is all-in"),
        Row("check", rf"^{_NAME} checks$", "KickShorty checks"),
        Row("fold", rf"^{_NAME} folds$", "BlueLineSwinger folds"),
        Row("return", rf"^Uncalled bet (?:of )?\((?P<amount>{_M})\) returned to {_NAME}$",
            "Uncalled bet ($0.08) returned to Player2"),
        Row("ignore", rf"^{_NAME} does not show$", "Player2 does not show", sections=("play",)),
        # --- the showdown ------------------------------------------------------------------------
        Row("showdown", r"^\*\*\* SHOW ?DOWN \*\*\*$", "*** SHOW DOWN ***"),
        Row("pot", rf"^(?P<pot>Main pot|Side pot\(\d+\)) (?P<amount>{_M}) \| Rake (?P<rake>{_M})$",
            "Side pot(1) $0.60 | Rake $0.00", after_rake=True, sections=("showdown",)),
        Row("show", rf"^{_NAME} shows (?P<cards>\[[^\]]*\])(?: \(.*\))?$",
            "AzRic shows [3h 2d 8s 5s 7s Qh 9h] (HI - a high card, Queen high [Qh 9h 8s 7s 5s] | LO - [8,7,5,3,2])"),
        Row("muck", rf"^{_NAME} (?:mucks(?: hand)?|does not show)(?: (?P<cards>\[[^\]]*\]))?$", "Hero mucks hand"),
        Row("collect", rf"^{_NAME} collected (?P<amount>{_M}) from (?P<pot>main pot|side pot-\d+|pot)(?: \d+)?$",
            "AzRic collected $0.30 from side pot-1"),
        # --- the summary -------------------------------------------------------------------------
        Row("summary", r"^\*\*\* SUMMARY \*\*\*$", "*** SUMMARY ***"),
        Row("pot", rf"^Total pot (?P<total>{_M})(?: \| Rake (?P<rake>{_M}))?(?: \| JP Fee (?P<fees>{_M}))?$",
            "Total pot $8.96 | Rake $0.08 | JP Fee $0.02", after_rake=True, sections=("summary",)),
        Row("won", rf"^Seat \d+: {_NAME}{_MARKS} did not show and won (?P<amount>{_M})$",
            "Seat 7: Player2 did not show and won $0.36", claim="won", sections=("summary",)),
        Row("won", rf"^Seat \d+: {_NAME}{_MARKS} showed (?P<cards>\[[^\]]*\]) and (?:won|collected) "
                   rf"(?P<amount>{_M}) with .*$",
            "Seat 7: KickShorty showed [5d Td Tc Ts As 9d 4h] and won $4.48 with HI - three of a kind",
            claim="won", also=("show",), sections=("summary",)),
        Row("show", rf"^Seat \d+: {_NAME}{_MARKS} showed (?P<cards>\[[^\]]*\]) and lost with .*$",
            "Seat 8: brady888 showed [2c 4d Ad Js Th 3d 3s] and lost with HI - a pair of Threes",
            sections=("summary",)),
        Row("muck", rf"^Seat \d+: {_NAME}{_MARKS} mucked (?P<cards>\[[^\]]*\])(?: and lost with .*)?$",
            "Seat 1: Hero (button) mucked [Kd 4c 9s 6s]", sections=("summary",)),
        Row("ignore", rf"^Seat \d+: {_WHO}{_MARKS} folded on the .+?(?: and did not bet)?$",
            "Seat 2: BlueLineSwinger folded on the 3rd Street and did not bet", sections=("summary",)),
        Row("ignore", r"^Board \[[^\]]*\]$", "Board [5d 4h As Js 2h]", sections=("summary",)),
        # --- what says nothing about the chips or cards ------------------------------------------
        Row("ignore", rf"^{_WHO} (?:sits out|is sitting out|has returned|has timed out|is disconnected|"
                      r"is connected|joins the table|leaves the table|sit out|returned)(?: .*)?$",
            "Player3 sits out", source="by analogy: the table-chatter lines of the site's older format "
                                      "(winning.py) and of PokerStars, whose format this one follows"),
        Row("ignore", rf"^{_NAME}: .*$", "Hero: gl all", source="by analogy: chat as PokerStars writes it"),
    ),
    other_games=(
        Row("ignore", rf"^{_WHO} (?:posts the (?:small|big) blind|posts dead|posts|straddles?) {_M}.*$",
            "Player1 posts the small blind $0.05"),
        Row("ignore", r"^\*\*\* (?:HOLE CARDS|FLOP|TURN|RIVER) \*\*\*(?: \[.*)?$", "*** FLOP *** [5d 4h As]"),
    ),
)

READER = GrammarReader(GRAMMAR)
