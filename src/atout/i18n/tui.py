"""Messages of the full-screen table (``atout play`` and ``atout replay`` on a terminal)."""

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "tui.said.pass": "passes",
        "tui.said.take": "takes {suit}",
        "tui.us": "Us",
        "tui.them": "Them",
        "tui.team-seats": "Seats {a}+{b}",
        "tui.target": "Target",
        "tui.chooser": "Named by",
        "tui.this-deal": "This deal",
        "tui.pushed": "push",
        "tui.your-card": "Your turn: play a card.",
        "tui.your-bid": "Your turn: choose a bid.",
        "tui.log": "Table talk",
        "tui.lead": "lead",
        "tui.any-key": "Press any key to go on.",
        "tui.deal-header": "Deal {number} · dealer {dealer}",
        "tui.deal-over": "End of deal {number}",
        "tui.match-over": "End of the match",
        "tui.autoplay": "Your last card plays itself: {card}",
        "tui.type-here": "Type a card, a number, an action or a command; Esc goes back",
        "tui.quit.title": "Leave the match?",
        "tui.quit.question": "The match is not over. Leave now?",
        "tui.quit.file": "Save the match to this file:",
        "tui.quit.save": "Save and leave",
        "tui.quit.leave": "Leave",
        "tui.quit.stay": "Keep playing",
        "tui.quit.saved": "The match is saved to {path}.",
        "tui.save-failed": "Could not save to {path}: {error}",
        "tui.hint.title": "Hint",
        "tui.hint.head-choice": "Choice",
        "tui.hint.head-points": "Points",
        "tui.hint.head-why": "Why",
        "tui.hint.note": "Points the bot expects each choice to bring your side, minus the others' points, for this deal. ★ is what the bot would do.",
        "tui.undo-off": "Undo is switched off for this match.",
        "tui.undo-nothing": "You have not moved yet: nothing to undo.",
        "tui.undone": "Your last move is taken back.",
        "tui.no-scores": "No deal has been scored yet.",
        "tui.keys.title": "Keys",
        "tui.paused": "Paused",
        "tui.pace": "Bots play one card every {seconds} s.",
        "tui.key.play": "card",
        "tui.key.bid": "bid",
        "tui.key.hint": "hint",
        "tui.key.undo": "undo",
        "tui.key.last": "last trick",
        "tui.key.scores": "scores",
        "tui.key.type": "type",
        "tui.key.keys": "keys",
        "tui.key.quit": "quit",
        "tui.key.pause": "pause",
        "tui.key.rush": "end of deal",
        "tui.key.speed": "speed",
        "tui.keys.play": (
            "Left and right choose a card, Enter or a click plays it; 1 to 9 play the card "
            "of that number (0 is the tenth choice). Up, down and Enter, or a click, choose a "
            "bid; a number does too. A card you may not play has a dashed frame: choosing it "
            "tells you the rule."
        ),
        "tui.keys.commands": (
            "h: hint (each choice with the points the bot expects and why) · u: take back "
            "your last move · l: the last trick · s: the scoresheet · /: type a card, a "
            "number, an action or a command (passer, atout ♥, VC...) · ?: these keys · q or "
            "Ctrl-C: leave (you may save first)"
        ),
        "tui.keys.watch": (
            "p: pause or go on · n: play the rest of this deal at once · + and -: faster, "
            "slower · l: the last trick · s: the scoresheet · q: leave. After each deal the "
            "breakdown waits for a key."
        ),
        "tui.keys.replay": (
            "Right or n: next action · left or b: back · page down / page up: next or "
            "previous trick · ] and [: next or previous deal · home / end: start or end of "
            "the deal · g: go to a deal or a trick (3, or 3.5 for deal 3, trick 5) · a: every "
            "hand · 0 to 3: what that seat sees · s: the scoresheet · q: leave"
        ),
        "tui.replay.title": "Replay",
        "tui.replay.position": "Deal {deal}/{deals} · action {step}/{steps}",
        "tui.replay.trick": "Trick {trick}",
        "tui.replay.every-hand": "Every hand",
        "tui.replay.seat-view": "What {seat} sees",
        "tui.replay.start": "Start of the deal.",
        "tui.replay.last": "{seat}: {action}",
        "tui.replay.goto": "Go to deal (3) or deal.trick (3.5); Enter goes, Esc goes back",
        "tui.replay.bad-goto": "There are deals 1 to {deals}; write 3 or 3.5.",
        "tui.replay.result": "Result: {result}",
        "tui.key.next": "next",
        "tui.key.trick": "trick",
        "tui.key.deal": "deal",
        "tui.key.goto": "go to",
        "tui.key.all": "every hand",
        "tui.key.seat": "one seat",
    },
    "fr": {
        "tui.said.pass": "passe",
        "tui.said.take": "prend {suit}",
        "tui.us": "Nous",
        "tui.them": "Eux",
        "tui.team-seats": "Places {a}+{b}",
        "tui.target": "Objectif",
        "tui.chooser": "Choisi par",
        "tui.this-deal": "Cette donne",
        "tui.pushed": "pousser",
        "tui.your-card": "À vous : jouez une carte.",
        "tui.your-bid": "À vous de parler.",
        "tui.log": "À la table",
        "tui.lead": "entame",
        "tui.any-key": "Appuyez sur une touche pour continuer.",
        "tui.deal-header": "Donne {number} · donneur {dealer}",
        "tui.deal-over": "Fin de la donne {number}",
        "tui.match-over": "Fin de la partie",
        "tui.autoplay": "Votre dernière carte se joue seule : {card}",
        "tui.type-here": "Tapez une carte, un numéro, une annonce ou une commande ; Échap revient",
        "tui.quit.title": "Quitter la partie ?",
        "tui.quit.question": "La partie n'est pas finie. Quitter maintenant ?",
        "tui.quit.file": "Enregistrer la partie dans ce fichier :",
        "tui.quit.save": "Enregistrer et quitter",
        "tui.quit.leave": "Quitter",
        "tui.quit.stay": "Continuer",
        "tui.quit.saved": "La partie est enregistrée dans {path}.",
        "tui.save-failed": "Impossible d'enregistrer dans {path} : {error}",
        "tui.hint.title": "Conseil",
        "tui.hint.head-choice": "Choix",
        "tui.hint.head-points": "Points",
        "tui.hint.head-why": "Pourquoi",
        "tui.hint.note": "Points que le robot attend de chaque choix pour votre camp, moins ceux des adversaires, sur cette donne. ★ : ce que le robot jouerait.",
        "tui.undo-off": "L'annulation est désactivée pour cette partie.",
        "tui.undo-nothing": "Vous n'avez pas encore joué : rien à annuler.",
        "tui.undone": "Votre dernier coup est repris.",
        "tui.no-scores": "Aucune donne n'est encore marquée.",
        "tui.keys.title": "Touches",
        "tui.paused": "En pause",
        "tui.pace": "Les robots jouent une carte toutes les {seconds} s.",
        "tui.key.play": "carte",
        "tui.key.bid": "annonce",
        "tui.key.hint": "conseil",
        "tui.key.undo": "reprendre",
        "tui.key.last": "dernière levée",
        "tui.key.scores": "marque",
        "tui.key.type": "taper",
        "tui.key.keys": "touches",
        "tui.key.quit": "quitter",
        "tui.key.pause": "pause",
        "tui.key.rush": "fin de donne",
        "tui.key.speed": "vitesse",
        "tui.keys.play": (
            "Gauche et droite choisissent une carte, Entrée ou un clic la joue ; 1 à 9 jouent "
            "la carte de ce numéro (0 est le dixième choix). Haut, bas et Entrée, ou un clic, "
            "choisissent une annonce ; un numéro aussi. Une carte que vous ne pouvez pas jouer "
            "a un cadre en pointillés : la choisir vous dit la règle."
        ),
        "tui.keys.commands": (
            "h : conseil (chaque choix avec les points attendus par le robot et pourquoi) · "
            "u : reprendre votre dernier coup · l : la dernière levée · s : la feuille de "
            "marque · / : taper une carte, un numéro, une annonce ou une commande (passer, "
            "atout ♥, VC...) · ? : ces touches · q ou Ctrl-C : quitter (en enregistrant si "
            "vous voulez)"
        ),
        "tui.keys.watch": (
            "p : pause ou reprise · n : jouer d'un coup le reste de la donne · + et - : plus "
            "vite, plus lentement · l : la dernière levée · s : la feuille de marque · "
            "q : quitter. Après chaque donne le décompte attend une touche."
        ),
        "tui.keys.replay": (
            "Droite ou n : action suivante · gauche ou b : retour · page suivante / "
            "précédente : levée suivante ou précédente · ] et [ : donne suivante ou "
            "précédente · début / fin : de la donne · g : aller à une donne ou une levée (3, "
            "ou 3.5 pour donne 3, levée 5) · a : toutes les mains · 0 à 3 : ce que voit cette "
            "place · s : la feuille de marque · q : quitter"
        ),
        "tui.replay.title": "Relecture",
        "tui.replay.position": "Donne {deal}/{deals} · action {step}/{steps}",
        "tui.replay.trick": "Levée {trick}",
        "tui.replay.every-hand": "Toutes les mains",
        "tui.replay.seat-view": "Ce que voit {seat}",
        "tui.replay.start": "Début de la donne.",
        "tui.replay.last": "{seat} : {action}",
        "tui.replay.goto": "Aller à la donne (3) ou donne.levée (3.5) ; Entrée va, Échap revient",
        "tui.replay.bad-goto": "Les donnes vont de 1 à {deals} ; écrivez 3 ou 3.5.",
        "tui.replay.result": "Résultat : {result}",
        "tui.key.next": "suivant",
        "tui.key.trick": "levée",
        "tui.key.deal": "donne",
        "tui.key.goto": "aller à",
        "tui.key.all": "toutes les mains",
        "tui.key.seat": "une place",
    },
    "es": {
        "tui.said.pass": "paso",
        "tui.said.take": "toma {suit}",
        "tui.us": "Nosotros",
        "tui.them": "Ellos",
        "tui.team-seats": "Puestos {a}+{b}",
        "tui.target": "Meta",
        "tui.chooser": "Elegido por",
        "tui.this-deal": "Esta mano",
        "tui.pushed": "pasar",
        "tui.your-card": "Te toca: juega una carta.",
        "tui.your-bid": "Te toca hablar.",
        "tui.log": "En la mesa",
        "tui.lead": "sale",
        "tui.any-key": "Pulsa una tecla para seguir.",
        "tui.deal-header": "Mano {number} · reparte {dealer}",
        "tui.deal-over": "Fin de la mano {number}",
        "tui.match-over": "Fin de la partida",
        "tui.autoplay": "Tu última carta se juega sola: {card}",
        "tui.type-here": "Escribe una carta, un número, una acción o una orden; Esc vuelve",
        "tui.quit.title": "¿Dejar la partida?",
        "tui.quit.question": "La partida no ha terminado. ¿Salir ahora?",
        "tui.quit.file": "Guardar la partida en este archivo:",
        "tui.quit.save": "Guardar y salir",
        "tui.quit.leave": "Salir",
        "tui.quit.stay": "Seguir jugando",
        "tui.quit.saved": "La partida se guarda en {path}.",
        "tui.save-failed": "No se pudo guardar en {path}: {error}",
        "tui.hint.title": "Consejo",
        "tui.hint.head-choice": "Opción",
        "tui.hint.head-points": "Puntos",
        "tui.hint.head-why": "Por qué",
        "tui.hint.note": "Puntos que el bot espera de cada opción para tu bando, menos los del otro, en esta mano. ★ es lo que haría el bot.",
        "tui.undo-off": "Deshacer está desactivado en esta partida.",
        "tui.undo-nothing": "Aún no has jugado: nada que deshacer.",
        "tui.undone": "Tu última jugada se deshace.",
        "tui.no-scores": "Todavía no se ha anotado ninguna mano.",
        "tui.keys.title": "Teclas",
        "tui.paused": "En pausa",
        "tui.pace": "Los bots juegan una carta cada {seconds} s.",
        "tui.key.play": "carta",
        "tui.key.bid": "hablar",
        "tui.key.hint": "consejo",
        "tui.key.undo": "deshacer",
        "tui.key.last": "última baza",
        "tui.key.scores": "tanteo",
        "tui.key.type": "escribir",
        "tui.key.keys": "teclas",
        "tui.key.quit": "salir",
        "tui.key.pause": "pausa",
        "tui.key.rush": "fin de mano",
        "tui.key.speed": "velocidad",
        "tui.keys.play": (
            "Izquierda y derecha eligen una carta, Intro o un clic la juega; 1 a 9 juegan la "
            "carta de ese número (0 es la décima opción). Arriba, abajo e Intro, o un clic, "
            "eligen qué decir; un número también. Una carta que no puedes jugar tiene el marco "
            "punteado: elegirla te dice la regla."
        ),
        "tui.keys.commands": (
            "h: consejo (cada opción con los puntos que espera el bot y por qué) · u: deshacer "
            "tu última jugada · l: la última baza · s: el tanteo · /: escribir una carta, un "
            "número, una acción o una orden (pasar, triunfo ♥, SC...) · ?: estas teclas · "
            "q o Ctrl-C: salir (guardando si quieres)"
        ),
        "tui.keys.watch": (
            "p: pausa o seguir · n: jugar de una vez el resto de la mano · + y -: más rápido, "
            "más lento · l: la última baza · s: el tanteo · q: salir. Tras cada mano el "
            "recuento espera una tecla."
        ),
        "tui.keys.replay": (
            "Derecha o n: acción siguiente · izquierda o b: atrás · avance / retroceso de "
            "página: baza siguiente o anterior · ] y [: mano siguiente o anterior · inicio / "
            "fin: de la mano · g: ir a una mano o una baza (3, o 3.5 para mano 3, baza 5) · "
            "a: todas las manos · 0 a 3: lo que ve ese puesto · s: el tanteo · q: salir"
        ),
        "tui.replay.title": "Repetición",
        "tui.replay.position": "Mano {deal}/{deals} · acción {step}/{steps}",
        "tui.replay.trick": "Baza {trick}",
        "tui.replay.every-hand": "Todas las manos",
        "tui.replay.seat-view": "Lo que ve {seat}",
        "tui.replay.start": "Comienzo de la mano.",
        "tui.replay.last": "{seat}: {action}",
        "tui.replay.goto": "Ir a la mano (3) o mano.baza (3.5); Intro va, Esc vuelve",
        "tui.replay.bad-goto": "Las manos van de 1 a {deals}; escribe 3 o 3.5.",
        "tui.replay.result": "Resultado: {result}",
        "tui.key.next": "siguiente",
        "tui.key.trick": "baza",
        "tui.key.deal": "mano",
        "tui.key.goto": "ir a",
        "tui.key.all": "todas las manos",
        "tui.key.seat": "un puesto",
    },
}
