import type { ThemeConfig } from 'antd';

/** Government-portal palette: deep blue header, white cards, readable Vietnamese typography. */
export const PRIMARY = '#0b4f8a';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: PRIMARY,
    colorLink: PRIMARY,
    colorInfo: PRIMARY,
    borderRadius: 6,
    fontSize: 15,
    // The stack itself is defined once, in styles.css.
    fontFamily: 'var(--portal-font)',
    colorBgLayout: '#eef2f7',
    // Help under fields and character counters: antd's 45 % black is below the 4.5:1 contrast of WCAG AA (#23).
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    // Danger buttons and error texts: antd's #ff4d4f is 3.3:1 on white; this red reads at 5.9:1 (#23, axe).
    colorError: '#cf1322',
  },
  components: {
    Layout: { headerBg: PRIMARY, headerPadding: '0', headerHeight: 'auto', footerBg: '#0a3a66', siderBg: '#ffffff' },
    Menu: { itemSelectedBg: '#e6f0fa', itemSelectedColor: PRIMARY },
  },
};
