"""Messages shared by every game: the table, prompts, generic rule errors."""

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "event.plays.you": "You play {card}",
        "event.passes.you": "You pass",
        "event.takes.you": "You choose {suit} as trump",
        "event.wins-trick.you": "You win the trick ({points} points)",
        "match.winner.you": "You won the match, {score}.",
        "suit.C": "clubs",
        "suit.D": "diamonds",
        "suit.H": "hearts",
        "suit.S": "spades",
        "seat.you": "You",
        "seat.bot": "Bot {seat}",
        "seat.partner": "Partner",
        "seat.left": "Left",
        "seat.right": "Right",
        "seat.opponent": "Opponent",
        "label.hand": "Your hand",
        "label.trump": "Trump",
        "label.trick": "Trick",
        "label.last-trick": "Last trick",
        "label.scores": "Scores",
        "label.deal": "Deal {number}",
        "label.dealer": "Dealer",
        "label.to-play": "{seat} to play",
        "label.choices": "Your choices",
        "label.none": "none",
        "label.total": "Total",
        "label.tricks": "Tricks",
        "label.card-points": "Card points",
        "label.last-trick-bonus": "Last trick",
        "label.recorded": "Recorded",
        "label.points": "{points} points",
        "prompt.choose": "Your move (number, card code or action; 'help' for commands): ",
        "prompt.help": (
            "Type a number from the list, a card (HJ, J♥, jh, 10♠) or an action (pass, "
            "take, trump H, push, obenabe, exchange, double, ...). Commands: 'hint' shows "
            "what each choice is worth, 'undo' takes back your last move, 'last' shows the "
            "last trick, 'score' the scoresheet, 'hand' the table again, 'quit' leaves "
            "(Ctrl-C too)."
        ),
        "prompt.interrupted": "Interrupted (Ctrl-C): the game stops here. Goodbye!",
        "prompt.illegal": "Not allowed: {reason}",
        "prompt.bye": "Game left. Goodbye!",
        "bots.warming": (
            "The search bots are getting ready in the background (compiled once, then "
            "cached); until then they play by the rules of thumb."
        ),
        "save.cannot-write": "Cannot write the record to {path}: {reason}",
        "save.elsewhere": (
            "Could not write the record to {path} ({reason}); it is saved in {written}"
        ),
        "save.printed": (
            "Could not write the record to {path} ({reason}), nor anywhere else; here it is:"
        ),
        "prompt.end-of-input": "No more input: the game stops here.",
        "event.plays": "{seat} plays {card}",
        "event.passes": "{seat} passes",
        "event.takes": "{seat} chooses {suit} as trump",
        "event.wins-trick": "{seat} wins the trick ({points} points)",
        "event.no-last-trick": "No trick has been completed yet.",
        "match.winner": "{seat} won the match, {score}.",
        "match.winner-team": "{team} won the match, {score}.",
        "match.unresolved": "Still hanging, unresolved: {points}",
        "match.stakes": "The win counts {stakes} times.",
        "rule.deal-over": "the deal is over",
        "rule.match-over": "the match is over",
        "rule.play-after-bidding": "cards are played once the trump is fixed",
        "rule.card-not-in-hand": "{card} is not in your hand",
        "rule.bidding-over": "the trump is already fixed",
        "rule.no-pass-in-play": "you cannot pass during the play",
        "rule.unknown-action": "{action} is not an action of this game",
        "rule.not-your-turn": "it is not your turn",
    },
    "fr": {
        "event.plays.you": "Vous jouez {card}",
        "event.passes.you": "Vous passez",
        "event.takes.you": "Vous choisissez {suit} comme atout",
        "event.wins-trick.you": "Vous remportez la levée ({points} points)",
        "match.winner.you": "Vous gagnez la partie, {score}.",
        "suit.C": "trèfle",
        "suit.D": "carreau",
        "suit.H": "cœur",
        "suit.S": "pique",
        "seat.you": "Vous",
        "seat.bot": "Robot {seat}",
        "seat.partner": "Partenaire",
        "seat.left": "Gauche",
        "seat.right": "Droite",
        "seat.opponent": "Adversaire",
        "label.hand": "Votre main",
        "label.trump": "Atout",
        "label.trick": "Levée",
        "label.last-trick": "Dernière levée",
        "label.scores": "Scores",
        "label.deal": "Donne {number}",
        "label.dealer": "Donneur",
        "label.to-play": "À {seat} de jouer",
        "label.choices": "Vos choix",
        "label.none": "aucun",
        "label.total": "Total",
        "label.tricks": "Levées",
        "label.card-points": "Points des cartes",
        "label.last-trick-bonus": "Dernière levée",
        "label.recorded": "Marqué",
        "label.points": "{points} points",
        "prompt.choose": "Votre coup (numéro, carte ou action ; « aide » pour l'aide) : ",
        "prompt.help": (
            "Tapez un numéro de la liste, une carte (rang puis couleur : VC, 10P, AT, RK ; "
            "rangs V D R A, couleurs T trèfle, K carreau, C cœur, P pique ; ou J♥, 10♠ ; "
            "un code anglais comme HJ ou C10 garde son sens anglais) ou une action "
            "(passer, prendre, atout cœur, pousser, obenabe, échanger, contrer, ...). "
            "Commandes : « conseil » montre ce que vaut chaque choix, « annuler » reprend "
            "votre dernier coup, « dernier » montre la dernière levée, « marque » la feuille "
            "de marque, « main » la table, « quitter » quitte (Ctrl-C aussi). Les mots "
            "anglais (help, pass, ...) marchent aussi."
        ),
        "prompt.interrupted": "Interrompu (Ctrl-C) : la partie s'arrête ici. Au revoir !",
        "prompt.illegal": "Interdit : {reason}",
        "prompt.bye": "Partie quittée. Au revoir !",
        "bots.warming": (
            "Les bots de recherche se préparent en arrière-plan (compilés une fois, puis "
            "gardés en cache) ; d'ici là, ils jouent selon les règles empiriques."
        ),
        "save.cannot-write": "Impossible d'écrire l'enregistrement dans {path} : {reason}",
        "save.elsewhere": (
            "Impossible d'écrire l'enregistrement dans {path} ({reason}) ; il est enregistré "
            "dans {written}"
        ),
        "save.printed": (
            "Impossible d'écrire l'enregistrement dans {path} ({reason}), ni ailleurs ; "
            "le voici :"
        ),
        "prompt.end-of-input": "Plus d'entrée : la partie s'arrête ici.",
        "event.plays": "{seat} joue {card}",
        "event.passes": "{seat} passe",
        "event.takes": "{seat} choisit {suit} comme atout",
        "event.wins-trick": "{seat} remporte la levée ({points} points)",
        "event.no-last-trick": "Aucune levée n'est encore terminée.",
        "match.winner": "{seat} gagne la partie, {score}.",
        "match.winner-team": "{team} gagne la partie, {score}.",
        "match.unresolved": "Encore suspendu, non résolu : {points}",
        "match.stakes": "La victoire compte {stakes} fois.",
        "rule.deal-over": "la donne est terminée",
        "rule.match-over": "la partie est terminée",
        "rule.play-after-bidding": "on joue les cartes une fois l'atout fixé",
        "rule.card-not-in-hand": "{card} n'est pas dans votre main",
        "rule.bidding-over": "l'atout est déjà fixé",
        "rule.no-pass-in-play": "on ne peut pas passer pendant le jeu",
        "rule.unknown-action": "{action} n'est pas une action de ce jeu",
        "rule.not-your-turn": "ce n'est pas votre tour",
    },
    "es": {
        "event.plays.you": "Juegas {card}",
        "event.passes.you": "Pasas",
        "event.takes.you": "Eliges {suit} como triunfo",
        "event.wins-trick.you": "Ganas la baza ({points} puntos)",
        "match.winner.you": "Ganas la partida, {score}.",
        "suit.C": "tréboles",
        "suit.D": "diamantes",
        "suit.H": "corazones",
        "suit.S": "picas",
        "seat.you": "Tú",
        "seat.bot": "Bot {seat}",
        "seat.partner": "Compañero",
        "seat.left": "Izquierda",
        "seat.right": "Derecha",
        "seat.opponent": "Rival",
        "label.hand": "Tu mano",
        "label.trump": "Triunfo",
        "label.trick": "Baza",
        "label.last-trick": "Última baza",
        "label.scores": "Puntuación",
        "label.deal": "Mano {number}",
        "label.dealer": "Repartidor",
        "label.to-play": "Juega {seat}",
        "label.choices": "Tus opciones",
        "label.none": "ninguno",
        "label.total": "Total",
        "label.tricks": "Bazas",
        "label.card-points": "Puntos de cartas",
        "label.last-trick-bonus": "Última baza",
        "label.recorded": "Anotado",
        "label.points": "{points} puntos",
        "prompt.choose": "Tu jugada (número, carta o acción; «ayuda» para ayuda): ",
        "prompt.help": (
            "Escribe un número de la lista, una carta (figura y palo: SC, 10P, AT, RD; "
            "figuras S sota, C caballo, R rey, A as; palos T trébol, D diamante, C corazón, "
            "P pica; o J♥, 10♠; un código inglés como HJ o C10 conserva su sentido inglés) "
            "o una acción (pasar, tomar, triunfo corazones, ceder, obenabe, cambiar, "
            "doblar, ...). Órdenes: «consejo» muestra lo que vale cada opción, «deshacer» "
            "deshace tu última jugada, «última» muestra la última baza, «puntos» la hoja "
            "de puntos, «mano» la mesa, «salir» sale (Ctrl-C también). Las palabras "
            "inglesas (help, pass, ...) también valen."
        ),
        "prompt.interrupted": "Interrumpido (Ctrl-C): la partida se detiene aquí. ¡Adiós!",
        "prompt.illegal": "No permitido: {reason}",
        "prompt.bye": "Partida abandonada. ¡Adiós!",
        "bots.warming": (
            "Los bots de búsqueda se preparan en segundo plano (se compilan una vez y quedan "
            "en caché); mientras tanto juegan con las reglas prácticas."
        ),
        "save.cannot-write": "No se puede escribir el registro en {path}: {reason}",
        "save.elsewhere": (
            "No se pudo escribir el registro en {path} ({reason}); está guardado en {written}"
        ),
        "save.printed": (
            "No se pudo escribir el registro en {path} ({reason}) ni en otro lugar; aquí está:"
        ),
        "prompt.end-of-input": "No hay más entrada: la partida se detiene aquí.",
        "event.plays": "{seat} juega {card}",
        "event.passes": "{seat} pasa",
        "event.takes": "{seat} elige {suit} como triunfo",
        "event.wins-trick": "{seat} gana la baza ({points} puntos)",
        "event.no-last-trick": "Todavía no se ha completado ninguna baza.",
        "match.winner": "{seat} gana la partida, {score}.",
        "match.winner-team": "{team} gana la partida, {score}.",
        "match.unresolved": "Aún suspendido, sin resolver: {points}",
        "match.stakes": "La victoria cuenta {stakes} veces.",
        "rule.deal-over": "la mano ha terminado",
        "rule.match-over": "la partida ha terminado",
        "rule.play-after-bidding": "las cartas se juegan una vez fijado el triunfo",
        "rule.card-not-in-hand": "{card} no está en tu mano",
        "rule.bidding-over": "el triunfo ya está fijado",
        "rule.no-pass-in-play": "no se puede pasar durante el juego",
        "rule.unknown-action": "{action} no es una acción de este juego",
        "rule.not-your-turn": "no es tu turno",
    },
}
