"""Messages of the scorekeeper (atout.scorekeeper, ``atout score``, the /score page):
why a deal was written as it was, why an entry is refused, and the questions asked."""

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "score.page.title": "Scorekeeper",
        "score.page.intro": (
            "Keep the score of a game played with real cards: enter what was decided at the table, atout writes what the rules say."
        ),
        "score.page.target": "Target (empty: the rules' own)",
        "score.page.dealer": "First dealer (seat)",
        "score.page.start": "Start the scoresheet",
        "score.page.none": "none",
        "score.page.deal": "Deal {number}",
        "score.page.fixing": "Correct deal {number}",
        "score.page.who": "Who took?",
        "score.page.thrown-in": "Thrown in",
        "score.page.trump": "Trump",
        "score.page.points-of": "Card points of {who}",
        "score.page.other": "{who}: {points}",
        "score.page.comparison": "Both best are equal: who won the comparison?",
        "score.page.deberts.melds": "Sequences of {who}",
        "score.page.deberts.extra": "Bela",
        "score.page.belote.who": "Taker (seat; 1 and 3 are team 1)",
        "score.page.belote.capot": "Capot",
        "score.page.belote.melds": "Announcements of {who}",
        "score.page.belote.extra": "Belote",
        "score.page.schieber.contract": "Contract",
        "score.page.schieber.pushed": "Pushed",
        "score.page.schieber.stop": "Stopped mid-deal: who reached the target?",
        "score.page.schieber.first-trick": "First trick complete?",
        "score.page.schieber.captured": "Points captured by {who} so far",
        "score.page.schieber.match": "Match (all nine tricks)",
        "score.page.schieber.melds": "Weis of {who}",
        "score.page.schieber.extra": "Stöck",
        "score.page.schieber.first": "Both reach the target: who first?",
        "score.page.yes": "yes",
        "score.page.no": "no",
        "score.page.next": "Deal {number} · target {target}",
        "score.page.readonly": "A shared scoresheet: read only.",
        "score.page.sheet": "Scoresheet",
        "score.page.share": "Read-only link to share",
        "score.page.record": "Download the record",
        "score.page.undo": "Undo",
        "score.page.correct": "Correct",
        "score.page.score": "Score the deal",
        "score.page.fix": "fix",
        "score.cli.welcome": "Scorekeeper: {game}. Enter scores a deal, h for help.",
        "score.cli.status": "Deal {number} · {a} {sa} · {b} {sb}",
        "score.cli.carried.deberts": "{points} hanging",
        "score.cli.carried.belote": "{points} held",
        "score.cli.carried.schieber": "{points}",
        "score.cli.prompt": ">",
        "score.cli.help": (
            "Enter: score the next deal by questions · a line like 'caller=0 trump=H points=72,90': the deal in one line · fix N: correct deal N · undo · sheet · save FILE · q: quit"
        ),
        "score.cli.bad-answer": "cannot read {answer}",
        "score.cli.row": "Deal {number}: {a} – {b}",
        "score.cli.corrected": "Deal {number} corrected; every deal after it computed again:",
        "score.cli.undone": "The last deal is taken back.",
        "score.cli.saved": "Saved to {path}",
        "score.cli.over": "{who} win the match, {a} to {b}.",
        "score.cli.double": "It counts twice.",
        "score.ask.trump": "Trump suit? (C D H S)",
        "score.ask.deberts.caller": "Who took? ({sides}; p: thrown in)",
        "score.ask.deberts.points": "Card points of {who}, with the last trick?",
        "score.ask.deberts.melds": "Sequences shown by {who}? (terc, bertz; Enter: none)",
        "score.ask.deberts.bela": "Bela? ({sides}; Enter: none)",
        "score.ask.belote.taker": "Who took? (seat 1 to 4, seats 1 and 3 are team 1; p: all passed)",
        "score.ask.belote.capot": "Capot, every trick to one team? ({sides}; Enter: no)",
        "score.ask.points": (
            "Card points of {who}, with the last trick? (the other's follow from {total})"
        ),
        "score.ask.belote.melds": (
            "Announcements of {who}? (tierce, quarte, quinte, carre, nines, jacks; Enter: none)"
        ),
        "score.ask.belote.belote": "Belote? ({sides}; Enter: none)",
        "score.ask.schieber.contract": "Contract? (C D H S, obenabe, undenufe)",
        "score.ask.schieber.pushed": "Pushed? (y/n)",
        "score.ask.schieber.stop": "Did a team reach the target during the deal? ({sides}; Enter: no)",
        "score.ask.schieber.first-trick": "Was the first trick complete? (y/n)",
        "score.ask.schieber.captured": "Points captured by {who} so far?",
        "score.ask.schieber.match": "Match, all nine tricks to one team? ({sides}; Enter: no)",
        "score.ask.schieber.melds": "Weis of {who}? (20 50 100 200; Enter: none)",
        "score.ask.schieber.stoeck": "Stöck? ({sides}; Enter: none)",
        "score.ask.meld-winner": "Both best are worth the same: who won the comparison? ({sides})",
        "score.ask.schieber.first": "Both teams reach the target: which got there first? ({sides})",
        "score.player": "player {n}",
        "score.team": "team {n}",
        # why a deal was written
        "score.deberts.made": "{caller} made it: {a} against {b}, both record their points",
        "score.deberts.bait": "bait: {a} against {b}, {defender} records {both}",
        "score.deberts.tie": "equal at {a}: {defender} records {a}, {caller}'s {held} hang",
        "score.deberts.thrown-in": "four passes: thrown in, {who} deals",
        "score.deberts.cancelled": "the four 7s: cancelled, {who} deals",
        "score.deberts.no-trick": "{who} took no trick: the sequences do not count",
        "score.deberts.hanging-paid": "{who} takes the {points} hanging",
        "score.deberts.both-over": (
            "both over {target}: {who}, the defender, wins {target}:{loser_score}"
        ),
        "score.deberts.mars": "mars: {loser} under half the target, it counts twice",
        "score.factor": "doubled ×{factor}",
        "score.won": "{who} wins {a} to {b}",
        "score.unresolved": "{points} still hanging: unresolved",
        "score.belote.thrown-in": "all passed: thrown in, seat {seat} deals",
        "score.belote.made": "{takers} made it: {a} against {b}",
        "score.belote.dedans": "dedans: {a} against {b}, {defenders} write {points}",
        "score.belote.litige": (
            "litige at {a}: {defenders} write {b}, {held} held for the next deal"
        ),
        "score.belote.capot": "capot: {who} took every trick",
        "score.belote.belote-kept": "{who} keep their belote",
        "score.belote.held-paid": "{who} take the {points} held",
        "score.belote.equal-over": "both over {target} and equal: one more deal",
        "score.schieber.written": "{contract} ×{factor}: {a} and {b} written",
        "score.schieber.match": "Match: {who} took all nine tricks (+100)",
        "score.schieber.stop": (
            "{who} reach {target}: the match stops, {loser} keep {kept} of this deal"
        ),
        "score.schieber.false-claim": (
            "false claim: {who} count {total}, short of {target}; {other} win"
        ),
        "score.schieber.count": "{who} reached {target} first",
        "score.schieber.schneider": "Schneider: {loser} under {half}, the win counts twice",
        "score.correction-breaks": "with this correction deal {number} is impossible: {reason}",
        "score.what.sequence": "sequences",
        "score.what.announcement": "announcements",
        "score.what.weis": "Weis",
        # refused entries
        "rule.score.match-over": "the match is over",
        "rule.score.no-deal": "there is no deal {number}",
        "rule.score.nothing": "there is nothing to take back",
        "rule.score.correction-ends": (
            "with this correction the match ends at deal {number}: take back the deals "
            "after it first"
        ),
        "rule.score.correction-breaks": "deal {number}: {reason}",
        "rule.score.bad-entry": "cannot read {text}",
        "rule.score.two-capots": "only one team can take every trick",
        "rule.score.points-missing": "the card points are missing",
        "rule.score.caller-missing": "say who took and what",
        "rule.score.option-off": "the option {option} is off in these rules",
        "rule.score.factor": "×{factor}: doubling is off in these rules",
        "rule.score.meld-value": "{value} is not the value of any of the {what}",
        "rule.score.meld-cards": "{who} would need {need} cards for those, and holds {cards}",
        "rule.score.meld-none": "{who} showed no {what}: they cannot win the comparison",
        "rule.score.meld-beaten": (
            "{other}'s {best} beats {who}'s {value}: the {what} go to {other}"
        ),
        "rule.score.meld-tie": "both best {what} are worth {value}: say who won the comparison",
        "rule.score.meld-unique": "the pack holds only one four worth {value}",
        "rule.score.points-total": "the card points make {total}: {a} + {b} is {sum}",
        "rule.score.deberts.points-range": (
            "the cards played and the last trick make {low} to {total}: {a} + {b} is {sum}"
        ),
        "rule.score.trick-with-points": "{who} has card points, so took a trick",
        "rule.score.capot-points": "taking every trick, {who} has all {total} card points",
        "rule.score.schieber.stoeck-no-trump": "Stöck count only with a trump contract",
        "rule.score.schieber.weis-first-trick": "Weis count only once the first trick is complete",
        "rule.score.schieber.stop-points": (
            "give the points the stopping team captured, 0 to {total}"
        ),
        "rule.score.schieber.stop-match": "a Match takes all nine tricks: enter the whole deal",
        "rule.score.schieber.other-first": "{who} reached {target} first, with Stöck or Weis",
        "rule.score.schieber.claim-short": "{who} count {total}, short of {target}",
        "rule.score.schieber.first-needed": "both teams reach {target}: say which got there first",
        "rule.score.schieber.first-wrong": (
            "Stöck and Weis count before the tricks: {who} got there first"
        ),
    },
    "fr": {
        "score.page.title": "Marqueur",
        "score.page.intro": (
            "Tenez les points d'une partie jouée avec de vraies cartes : entrez ce qui s'est décidé à la table, atout écrit ce que disent les règles."
        ),
        "score.page.target": "But (vide : celui des règles)",
        "score.page.dealer": "Premier donneur (place)",
        "score.page.start": "Commencer la feuille",
        "score.page.none": "aucun",
        "score.page.deal": "Donne {number}",
        "score.page.fixing": "Corriger la donne {number}",
        "score.page.who": "Qui a pris ?",
        "score.page.thrown-in": "Annulée",
        "score.page.trump": "Atout",
        "score.page.points-of": "Points des cartes de {who}",
        "score.page.other": "{who} : {points}",
        "score.page.comparison": "Les meilleures sont égales : qui l'emporte ?",
        "score.page.deberts.melds": "Séquences de {who}",
        "score.page.deberts.extra": "Bela",
        "score.page.belote.who": "Preneur (place ; 1 et 3 sont l'équipe 1)",
        "score.page.belote.capot": "Capot",
        "score.page.belote.melds": "Annonces de {who}",
        "score.page.belote.extra": "Belote",
        "score.page.schieber.contract": "Contrat",
        "score.page.schieber.pushed": "Schieben",
        "score.page.schieber.stop": "Arrêt en cours de donne : qui a atteint le but ?",
        "score.page.schieber.first-trick": "Premier pli terminé ?",
        "score.page.schieber.captured": "Points pris par {who} jusque-là",
        "score.page.schieber.match": "Match (les neuf plis)",
        "score.page.schieber.melds": "Weis de {who}",
        "score.page.schieber.extra": "Stöck",
        "score.page.schieber.first": "Les deux atteignent le but : qui d'abord ?",
        "score.page.yes": "oui",
        "score.page.no": "non",
        "score.page.next": "Donne {number} · but {target}",
        "score.page.readonly": "Feuille partagée : lecture seule.",
        "score.page.sheet": "Feuille de marque",
        "score.page.share": "Lien en lecture seule à partager",
        "score.page.record": "Télécharger l'enregistrement",
        "score.page.undo": "Reprendre",
        "score.page.correct": "Corriger",
        "score.page.score": "Marquer la donne",
        "score.page.fix": "corriger",
        "score.cli.welcome": "Marqueur : {game}. Entrée pour marquer une donne, h pour l'aide.",
        "score.cli.status": "Donne {number} · {a} {sa} · {b} {sb}",
        "score.cli.carried.deberts": "{points} pendent",
        "score.cli.carried.belote": "{points} en réserve",
        "score.cli.carried.schieber": "{points}",
        "score.cli.prompt": ">",
        "score.cli.help": (
            "Entrée : marquer la donne suivante par questions · une ligne comme 'caller=0 trump=H points=72,90' : la donne en une ligne · fix N : corriger la donne N · undo · sheet · save FICHIER · q : quitter"
        ),
        "score.cli.bad-answer": "illisible : {answer}",
        "score.cli.row": "Donne {number} : {a} – {b}",
        "score.cli.corrected": "Donne {number} corrigée ; toutes les suivantes sont recalculées :",
        "score.cli.undone": "La dernière donne est reprise.",
        "score.cli.saved": "Enregistré dans {path}",
        "score.cli.over": "{who} gagnent la partie, {a} à {b}.",
        "score.cli.double": "Elle compte double.",
        "score.ask.trump": "Atout ? (C D H S)",
        "score.ask.deberts.caller": "Qui a pris ? ({sides} ; p : donne annulée)",
        "score.ask.deberts.points": "Points des cartes de {who}, avec le dernier pli ?",
        "score.ask.deberts.melds": "Séquences montrées par {who} ? (terc, bertz ; Entrée : aucune)",
        "score.ask.deberts.bela": "Bela ? ({sides} ; Entrée : personne)",
        "score.ask.belote.taker": (
            "Qui a pris ? (place 1 à 4, les places 1 et 3 sont l'équipe 1 ; p : tous ont passé)"
        ),
        "score.ask.belote.capot": "Capot, tous les plis à une équipe ? ({sides} ; Entrée : non)",
        "score.ask.points": (
            "Points des cartes de {who}, avec le dernier pli ? (ceux des autres se déduisent de {total})"
        ),
        "score.ask.belote.melds": (
            "Annonces de {who} ? (tierce, quarte, quinte, carre, neufs, valets ; Entrée : aucune)"
        ),
        "score.ask.belote.belote": "Belote ? ({sides} ; Entrée : personne)",
        "score.ask.schieber.contract": "Contrat ? (C D H S, obenabe, undenufe)",
        "score.ask.schieber.pushed": "Schieben ? (o/n)",
        "score.ask.schieber.stop": (
            "Une équipe a-t-elle atteint le but pendant la donne ? ({sides} ; Entrée : non)"
        ),
        "score.ask.schieber.first-trick": "Le premier pli était-il terminé ? (o/n)",
        "score.ask.schieber.captured": "Points pris par {who} jusque-là ?",
        "score.ask.schieber.match": "Match, les neuf plis à une équipe ? ({sides} ; Entrée : non)",
        "score.ask.schieber.melds": "Weis de {who} ? (20 50 100 200 ; Entrée : aucun)",
        "score.ask.schieber.stoeck": "Stöck ? ({sides} ; Entrée : personne)",
        "score.ask.meld-winner": "Les meilleures valent autant : qui l'emporte ? ({sides})",
        "score.ask.schieber.first": "Les deux équipes atteignent le but : laquelle d'abord ? ({sides})",
        "score.player": "joueur {n}",
        "score.team": "équipe {n}",
        "score.deberts.made": "{caller} a réussi : {a} contre {b}, chacun marque ses points",
        "score.deberts.bait": "bait : {a} contre {b}, {defender} marque {both}",
        "score.deberts.tie": "égalité à {a} : {defender} marque {a}, les {held} de {caller} pendent",
        "score.deberts.thrown-in": "quatre passes : donne annulée, {who} donne",
        "score.deberts.cancelled": "les quatre 7 : donne annulée, {who} donne",
        "score.deberts.no-trick": "{who} n'a fait aucun pli : les séquences ne comptent pas",
        "score.deberts.hanging-paid": "{who} prend les {points} qui pendaient",
        "score.deberts.both-over": (
            "tous deux au-delà de {target} : {who}, le défenseur, gagne {target}:{loser_score}"
        ),
        "score.deberts.mars": "mars : {loser} sous la moitié du but, la partie compte double",
        "score.factor": "contré ×{factor}",
        "score.won": "{who} gagne {a} à {b}",
        "score.unresolved": "{points} pendent encore : non attribués",
        "score.belote.thrown-in": "tous ont passé : donne annulée, la place {seat} donne",
        "score.belote.made": "{takers} ont réussi : {a} contre {b}",
        "score.belote.dedans": "dedans : {a} contre {b}, {defenders} marquent {points}",
        "score.belote.litige": (
            "litige à {a} : {defenders} marquent {b}, {held} en réserve pour la donne suivante"
        ),
        "score.belote.capot": "capot : {who} ont fait tous les plis",
        "score.belote.belote-kept": "{who} gardent leur belote",
        "score.belote.held-paid": "{who} prennent les {points} en réserve",
        "score.belote.equal-over": "tous deux au-delà de {target} et à égalité : encore une donne",
        "score.schieber.written": "{contract} ×{factor} : {a} et {b} inscrits",
        "score.schieber.match": "Match : {who} ont fait les neuf plis (+100)",
        "score.schieber.stop": (
            "{who} atteignent {target} : la partie s'arrête, {loser} gardent {kept} de cette donne"
        ),
        "score.schieber.false-claim": (
            "annonce fausse : {who} comptent {total}, moins que {target} ; {other} gagnent"
        ),
        "score.schieber.count": "{who} ont atteint {target} les premiers",
        "score.schieber.schneider": "Schneider : {loser} sous {half}, la victoire compte double",
        "score.correction-breaks": "avec cette correction la donne {number} est impossible : {reason}",
        "score.what.sequence": "séquences",
        "score.what.announcement": "annonces",
        "score.what.weis": "Weis",
        "rule.score.match-over": "la partie est terminée",
        "rule.score.no-deal": "il n'y a pas de donne {number}",
        "rule.score.nothing": "il n'y a rien à reprendre",
        "rule.score.correction-ends": (
            "avec cette correction la partie finit à la donne {number} : reprenez d'abord "
            "les donnes suivantes"
        ),
        "rule.score.correction-breaks": "donne {number} : {reason}",
        "rule.score.bad-entry": "illisible : {text}",
        "rule.score.two-capots": "une seule équipe peut faire tous les plis",
        "rule.score.points-missing": "il manque les points des cartes",
        "rule.score.caller-missing": "dites qui a pris et quoi",
        "rule.score.option-off": "l'option {option} n'est pas active dans ces règles",
        "rule.score.factor": "×{factor} : le contre n'est pas actif dans ces règles",
        "rule.score.meld-value": "{value} n'est la valeur d'aucune des {what}",
        "rule.score.meld-cards": "il faudrait {need} cartes à {who} pour cela, qui en a {cards}",
        "rule.score.meld-none": "{who} n'a montré aucune des {what} : impossible de gagner",
        "rule.score.meld-beaten": (
            "{best} de {other} bat {value} de {who} : les {what} vont à {other}"
        ),
        "rule.score.meld-tie": (
            "les meilleures {what} valent toutes deux {value} : dites qui l'emporte"
        ),
        "rule.score.meld-unique": "le jeu n'a qu'un seul carré qui vaut {value}",
        "rule.score.points-total": "les cartes font {total} : {a} + {b} font {sum}",
        "rule.score.deberts.points-range": (
            "les cartes jouées et le dernier pli font de {low} à {total} : {a} + {b} font {sum}"
        ),
        "rule.score.trick-with-points": "{who} a des points, donc a fait un pli",
        "rule.score.capot-points": "avec tous les plis, {who} a les {total} points des cartes",
        "rule.score.schieber.stoeck-no-trump": "le Stöck ne compte qu'avec un atout",
        "rule.score.schieber.weis-first-trick": (
            "les Weis ne comptent qu'une fois le premier pli terminé"
        ),
        "rule.score.schieber.stop-points": (
            "donnez les points pris par l'équipe qui s'arrête, de 0 à {total}"
        ),
        "rule.score.schieber.stop-match": (
            "un Match, c'est les neuf plis : entrez la donne entière"
        ),
        "rule.score.schieber.other-first": (
            "{who} ont atteint {target} les premiers, avec Stöck ou Weis"
        ),
        "rule.score.schieber.claim-short": "{who} comptent {total}, moins que {target}",
        "rule.score.schieber.first-needed": (
            "les deux équipes atteignent {target} : dites laquelle y est arrivée d'abord"
        ),
        "rule.score.schieber.first-wrong": (
            "Stöck et Weis comptent avant les plis : {who} y sont arrivés d'abord"
        ),
    },
    "es": {
        "score.page.title": "Anotador",
        "score.page.intro": (
            "Lleve los puntos de una partida con cartas de verdad: anote lo que se decidió en la mesa, atout escribe lo que dicen las reglas."
        ),
        "score.page.target": "Meta (vacío: la de las reglas)",
        "score.page.dealer": "Primer repartidor (asiento)",
        "score.page.start": "Empezar la hoja",
        "score.page.none": "nada",
        "score.page.deal": "Mano {number}",
        "score.page.fixing": "Corregir la mano {number}",
        "score.page.who": "¿Quién eligió?",
        "score.page.thrown-in": "Anulada",
        "score.page.trump": "Triunfo",
        "score.page.points-of": "Puntos de cartas de {who}",
        "score.page.other": "{who}: {points}",
        "score.page.comparison": "Las mejores empatan: ¿quién gana la comparación?",
        "score.page.deberts.melds": "Secuencias de {who}",
        "score.page.deberts.extra": "Bela",
        "score.page.belote.who": "Quien eligió (asiento; 1 y 3 son el equipo 1)",
        "score.page.belote.capot": "Capot",
        "score.page.belote.melds": "Cantos de {who}",
        "score.page.belote.extra": "Belote",
        "score.page.schieber.contract": "Contrato",
        "score.page.schieber.pushed": "Schieben",
        "score.page.schieber.stop": "Parada a mitad de mano: ¿quién llegó a la meta?",
        "score.page.schieber.first-trick": "¿Primera baza completa?",
        "score.page.schieber.captured": "Puntos capturados por {who} hasta entonces",
        "score.page.schieber.match": "Match (las nueve bazas)",
        "score.page.schieber.melds": "Weis de {who}",
        "score.page.schieber.extra": "Stöck",
        "score.page.schieber.first": "Los dos llegan a la meta: ¿quién primero?",
        "score.page.yes": "sí",
        "score.page.no": "no",
        "score.page.next": "Mano {number} · meta {target}",
        "score.page.readonly": "Hoja compartida: solo lectura.",
        "score.page.sheet": "Hoja de puntos",
        "score.page.share": "Enlace de solo lectura para compartir",
        "score.page.record": "Descargar el registro",
        "score.page.undo": "Deshacer",
        "score.page.correct": "Corregir",
        "score.page.score": "Anotar la mano",
        "score.page.fix": "corregir",
        "score.cli.welcome": "Anotador: {game}. Intro anota una mano, h para la ayuda.",
        "score.cli.status": "Mano {number} · {a} {sa} · {b} {sb}",
        "score.cli.carried.deberts": "{points} colgados",
        "score.cli.carried.belote": "{points} en reserva",
        "score.cli.carried.schieber": "{points}",
        "score.cli.prompt": ">",
        "score.cli.help": (
            "Intro: anotar la mano siguiente con preguntas · una línea como 'caller=0 trump=H points=72,90': la mano en una línea · fix N: corregir la mano N · undo · sheet · save ARCHIVO · q: salir"
        ),
        "score.cli.bad-answer": "no se entiende {answer}",
        "score.cli.row": "Mano {number}: {a} – {b}",
        "score.cli.corrected": "Mano {number} corregida; todas las siguientes recalculadas:",
        "score.cli.undone": "Se deshace la última mano.",
        "score.cli.saved": "Guardado en {path}",
        "score.cli.over": "{who} ganan la partida, {a} a {b}.",
        "score.cli.double": "Cuenta doble.",
        "score.ask.trump": "¿Triunfo? (C D H S)",
        "score.ask.deberts.caller": "¿Quién eligió? ({sides}; p: mano anulada)",
        "score.ask.deberts.points": "¿Puntos de cartas de {who}, con la última baza?",
        "score.ask.deberts.melds": "¿Secuencias que mostró {who}? (terc, bertz; Intro: ninguna)",
        "score.ask.deberts.bela": "¿Bela? ({sides}; Intro: nadie)",
        "score.ask.belote.taker": (
            "¿Quién eligió? (asiento 1 a 4, los asientos 1 y 3 son el equipo 1; p: todos pasaron)"
        ),
        "score.ask.belote.capot": "¿Capot, todas las bazas para un equipo? ({sides}; Intro: no)",
        "score.ask.points": (
            "¿Puntos de cartas de {who}, con la última baza? (los del otro salen de {total})"
        ),
        "score.ask.belote.melds": (
            "¿Cantos de {who}? (tierce, quarte, quinte, carre, nines, jacks; Intro: ninguno)"
        ),
        "score.ask.belote.belote": "¿Belote? ({sides}; Intro: nadie)",
        "score.ask.schieber.contract": "¿Contrato? (C D H S, obenabe, undenufe)",
        "score.ask.schieber.pushed": "¿Pasó la elección (schieben)? (s/n)",
        "score.ask.schieber.stop": "¿Llegó un equipo a la meta durante la mano? ({sides}; Intro: no)",
        "score.ask.schieber.first-trick": "¿Estaba completa la primera baza? (s/n)",
        "score.ask.schieber.captured": "¿Puntos capturados por {who} hasta entonces?",
        "score.ask.schieber.match": "¿Match, las nueve bazas para un equipo? ({sides}; Intro: no)",
        "score.ask.schieber.melds": "¿Weis de {who}? (20 50 100 200; Intro: ninguno)",
        "score.ask.schieber.stoeck": "¿Stöck? ({sides}; Intro: nadie)",
        "score.ask.meld-winner": "Las mejores valen lo mismo: ¿quién gana la comparación? ({sides})",
        "score.ask.schieber.first": "Los dos equipos llegan a la meta: ¿cuál llegó primero? ({sides})",
        "score.player": "jugador {n}",
        "score.team": "equipo {n}",
        "score.deberts.made": "{caller} cumplió: {a} contra {b}, cada uno anota sus puntos",
        "score.deberts.bait": "bait: {a} contra {b}, {defender} anota {both}",
        "score.deberts.tie": "empate a {a}: {defender} anota {a}, los {held} de {caller} quedan colgados",
        "score.deberts.thrown-in": "cuatro pases: mano anulada, reparte {who}",
        "score.deberts.cancelled": "los cuatro 7: mano anulada, reparte {who}",
        "score.deberts.no-trick": "{who} no hizo ninguna baza: las secuencias no cuentan",
        "score.deberts.hanging-paid": "{who} se lleva los {points} colgados",
        "score.deberts.both-over": (
            "los dos pasan de {target}: gana {who}, el defensor, {target}:{loser_score}"
        ),
        "score.deberts.mars": "mars: {loser} por debajo de la mitad, cuenta doble",
        "score.factor": "doblado ×{factor}",
        "score.won": "{who} gana {a} a {b}",
        "score.unresolved": "{points} siguen colgados: sin resolver",
        "score.belote.thrown-in": "todos pasaron: mano anulada, reparte el asiento {seat}",
        "score.belote.made": "{takers} cumplieron: {a} contra {b}",
        "score.belote.dedans": "dedans: {a} contra {b}, {defenders} anotan {points}",
        "score.belote.litige": (
            "litige a {a}: {defenders} anotan {b}, {held} en reserva para la mano siguiente"
        ),
        "score.belote.capot": "capot: {who} hicieron todas las bazas",
        "score.belote.belote-kept": "{who} conservan su belote",
        "score.belote.held-paid": "{who} se llevan los {points} en reserva",
        "score.belote.equal-over": "los dos pasan de {target} y empatan: otra mano",
        "score.schieber.written": "{contract} ×{factor}: se anotan {a} y {b}",
        "score.schieber.match": "Match: {who} hicieron las nueve bazas (+100)",
        "score.schieber.stop": (
            "{who} llegan a {target}: la partida se para, {loser} conservan {kept} de esta mano"
        ),
        "score.schieber.false-claim": (
            "reclamación falsa: {who} cuentan {total}, menos de {target}; ganan {other}"
        ),
        "score.schieber.count": "{who} llegaron primero a {target}",
        "score.schieber.schneider": "Schneider: {loser} por debajo de {half}, la victoria cuenta doble",
        "score.correction-breaks": "con esta corrección la mano {number} es imposible: {reason}",
        "score.what.sequence": "secuencias",
        "score.what.announcement": "cantos",
        "score.what.weis": "Weis",
        "rule.score.match-over": "la partida ha terminado",
        "rule.score.no-deal": "no hay mano {number}",
        "rule.score.nothing": "no hay nada que deshacer",
        "rule.score.correction-ends": (
            "con esta corrección la partida acaba en la mano {number}: deshaga antes las "
            "manos siguientes"
        ),
        "rule.score.correction-breaks": "mano {number}: {reason}",
        "rule.score.bad-entry": "no se entiende {text}",
        "rule.score.two-capots": "solo un equipo puede hacer todas las bazas",
        "rule.score.points-missing": "faltan los puntos de las cartas",
        "rule.score.caller-missing": "diga quién eligió y qué",
        "rule.score.option-off": "la opción {option} no está activa en estas reglas",
        "rule.score.factor": "×{factor}: el doble no está activo en estas reglas",
        "rule.score.meld-value": "{value} no es el valor de ninguna de las {what}",
        "rule.score.meld-cards": "{who} necesitaría {need} cartas para eso, y tiene {cards}",
        "rule.score.meld-none": "{who} no mostró {what}: no puede ganar la comparación",
        "rule.score.meld-beaten": (
            "{best} de {other} gana a {value} de {who}: las {what} son para {other}"
        ),
        "rule.score.meld-tie": "las mejores {what} valen {value} las dos: diga quién gana",
        "rule.score.meld-unique": "la baraja solo tiene un póquer que vale {value}",
        "rule.score.points-total": "las cartas suman {total}: {a} + {b} son {sum}",
        "rule.score.deberts.points-range": (
            "las cartas jugadas y la última baza suman de {low} a {total}: {a} + {b} son {sum}"
        ),
        "rule.score.trick-with-points": "{who} tiene puntos, así que hizo una baza",
        "rule.score.capot-points": "con todas las bazas, {who} tiene los {total} puntos",
        "rule.score.schieber.stoeck-no-trump": "el Stöck solo cuenta con triunfo",
        "rule.score.schieber.weis-first-trick": (
            "los Weis solo cuentan una vez completa la primera baza"
        ),
        "rule.score.schieber.stop-points": (
            "dé los puntos que capturó el equipo que se para, de 0 a {total}"
        ),
        "rule.score.schieber.stop-match": (
            "un Match son las nueve bazas: anote la mano entera"
        ),
        "rule.score.schieber.other-first": "{who} llegaron antes a {target}, con Stöck o Weis",
        "rule.score.schieber.claim-short": "{who} cuentan {total}, menos de {target}",
        "rule.score.schieber.first-needed": (
            "los dos equipos llegan a {target}: diga cuál llegó primero"
        ),
        "rule.score.schieber.first-wrong": (
            "Stöck y Weis cuentan antes que las bazas: {who} llegaron primero"
        ),
    },
}
