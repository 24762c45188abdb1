// An antd Button that is a real link (href, opens in a new tab with a modifier key) but
// navigates client-side on a plain click.
import type { MouseEvent } from "react";
import { Button, type ButtonProps } from "antd";
import { useNavigate } from "react-router";

export function LinkButton({ to, ...rest }: Omit<ButtonProps, "href" | "onClick"> & { to: string }) {
  const navigate = useNavigate();
  const onClick = (e: MouseEvent<HTMLElement>) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
    e.preventDefault();
    navigate(to);
  };
  return <Button {...rest} href={to} onClick={onClick} />;
}
