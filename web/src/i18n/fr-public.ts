import type { fr } from './fr';

type Part<T> = { [K in keyof T]?: T[K] extends string ? string : Part<T[K]> };

/**
 * The French words of the screens before sign-in (login, forgotten password or login, password reset,
 * outage screen), shipped with the entry so that the login page shows at once (issue 36: the whole fr.ts
 * is 30 KB gzipped). Copies of fr.ts's texts, never a second truth: fr-public.test.ts checks that each
 * one equals fr.ts's and that the sections app, login, reset and server are whole. The whole catalogue
 * (bundles/fr.ts) loads at once in parallel and is in place before the Shell renders.
 */
export const frPublic = {
  app: {
    queued: 'Recherche en file d’attente : le service est très sollicité, elle repart dans un instant…',
    title: 'Portail client',
    loading: 'Chargement…',
    skipToContent: 'Aller au contenu',
    mainMenu: 'Menu principal',
    userMenu: 'Mon compte',
  },
  login: {
    title: 'Connexion',
    subtitle: 'Portail client de votre prestataire logistique',
    login: 'Identifiant ou e-mail',
    password: 'Mot de passe',
    showPassword: 'Afficher le mot de passe',
    submit: 'Se connecter',
    submitting: 'Connexion…',
    forgotPassword: 'Mot de passe oublié ?',
    forgotLogin: 'Identifiant oublié ?',
    backToLogin: 'Retour à la connexion',
    forgotPasswordTitle: 'Mot de passe oublié',
    forgotPasswordHelp: 'Saisissez votre adresse e-mail : vous recevrez un lien pour choisir un nouveau mot de passe.',
    forgotLoginTitle: 'Identifiant oublié',
    forgotLoginHelp: 'Saisissez votre adresse e-mail : vous recevrez votre identifiant de connexion.',
    email: 'Adresse e-mail',
    send: 'Envoyer',
    language: 'Langue',
    blockedFor: 'Compte temporairement bloqué : nouvel essai possible dans %{time}.',
    blockedOver: 'Vous pouvez de nouveau essayer de vous connecter.',
  },
  reset: {
    title: 'Nouveau mot de passe',
    checking: 'Vérification du lien…',
    password: 'Nouveau mot de passe',
    confirmation: 'Confirmation du mot de passe',
    submit: 'Enregistrer le mot de passe',
    rulesTitle: 'Le mot de passe doit contenir :',
    ruleMinLength: 'au moins 8 caractères',
    ruleUpper: 'une majuscule',
    ruleLower: 'une minuscule',
    ruleDigit: 'un chiffre',
    ruleMet: 'respecté',
    ruleNotMet: 'non respecté',
    mismatch: 'La confirmation ne correspond pas au mot de passe.',
    done: 'Votre mot de passe a été modifié. Vous pouvez vous connecter.',
    askNewLink: 'Demander un nouveau lien',
  },
  server: {
    unavailableTitle: 'Service indisponible',
    unavailableText: 'Le portail ne répond pas pour le moment. Nouvel essai automatique toutes les quelques secondes.',
    retry: 'Réessayer',
    retrying: 'Nouvel essai…',
    connectionError: 'Erreur de connexion au serveur (%{error})',
  },
  messages: {
    loginGood: 'Connexion réussie. Bienvenue !',
    mailSentIfKnown: 'Si cette adresse est connue, un e-mail vient de vous être envoyé.',
  },
  common: {
    carrierSays: '%{carrier} répond : « %{message} »',
    close: 'Fermer',
  },
  // What the auth service and the gateway answer to the login, forgotten-password and reset forms.
  errors: {
    loginFailed: 'Identifiant, e-mail ou mot de passe incorrect.',
    tokenDismiss: 'Votre session a expiré. Merci de vous reconnecter.',
    accountBlocked: 'Compte temporairement bloqué. Réessayez dans %{seconds} s.',
    tooManyRequests: 'Trop de tentatives. Patientez quelques instants avant de réessayer.',
    resetLinkInvalid: 'Ce lien de réinitialisation est invalide ou a expiré.',
    serverUnavailable: 'Le service est momentanément indisponible.',
    objectNotFound: 'Élément introuvable.',
    missingParameter: 'Paramètre manquant.',
    validationFailed: 'Certains champs sont incorrects.',
    pageNotFound: 'Cette page n’existe pas.',
    emailFailed: 'L’envoi de l’e-mail a échoué.',
    templateLoadingFailure: 'Impossible de charger le modèle.',
    unexpectedError: 'Erreur inattendue. Réessayez ou contactez le support.',
    invalidLanguage: 'Langue non reconnue.',
    userNotFound: 'Utilisateur introuvable.',
    userEmailEmpty: 'L’utilisateur n’a pas d’adresse e-mail.',
    updateFailed: 'La mise à jour a échoué.',
    mailSendFailed: 'L’envoi du mail a échoué.',
    noActiveResetTemplate: 'Aucun modèle actif pour la réinitialisation du mot de passe.',
    wrongPasswordFormat: 'Le mot de passe doit contenir au moins 8 caractères, une majuscule, une minuscule et un chiffre.',
    wrongPasswordConfirmation: 'La confirmation ne correspond pas au mot de passe.',
  },
} satisfies Part<typeof fr>;

/** The sections wholly copied: every key fr.ts has there is here too (fr-public.test.ts). */
export const WHOLE_PUBLIC_SECTIONS = ['app', 'login', 'reset', 'server'] as const;
