import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { href } from '#common/routes.ts'
import { rememberLanguage } from '#web/lib/language.ts'
import { useTranslation } from '#web/lib/use-translation.tsx'

/** `/fr`: French is chosen and remembered, then the home page opens. */
export default function FrenchEntry() {
  const { i18n } = useTranslation()
  const navigate = useNavigate()
  useEffect(() => {
    rememberLanguage('fr')
    void i18n.changeLanguage('fr')
    navigate(href('home'), { replace: true })
  }, [i18n, navigate])
  return null
}
